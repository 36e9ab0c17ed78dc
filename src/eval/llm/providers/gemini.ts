/** Gemini `generateContent` through `@google/genai` (`systemInstruction` = the rulebook; SDK retries off). */
import { GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import type { LlmSettings } from '../config.js';
import type { Provider, ProviderReply, ProviderRequest, StopKind } from '../types.js';
import { cutStream, notAReply, ProviderCallError, retryDelayFromBody } from './errors.js';

const SAFETY = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/** A generateContent provider. */
export function geminiProvider(s: LlmSettings, apiKey: string): Provider {
  const ai = new GoogleGenAI({ apiKey, httpOptions: s.baseUrl ? { baseUrl: s.baseUrl } : undefined });
  return {
    kind: s.provider,
    model: s.model,
    endpoint: `${s.provider} ${s.baseUrl ?? 'https://generativelanguage.googleapis.com'}`,
    async complete(req: ProviderRequest): Promise<ProviderReply> {
      const config: Record<string, unknown> = { systemInstruction: req.system, abortSignal: req.signal };
      if (s.maxOutputTokens !== undefined) config.maxOutputTokens = s.maxOutputTokens;
      if (s.temperature !== undefined) config.temperature = s.temperature;
      if (s.seed !== undefined) config.seed = s.seed;
      if (s.thinkingBudget !== undefined) config.thinkingConfig = { thinkingBudget: s.thinkingBudget };
      const params = {
        model: s.model,
        contents: req.messages.map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] })),
        config,
      };
      let r: GenerateContentResponse;
      try {
        if (s.stream) {
          // The streamed form: the chunks' text is joined; the last chunk carries the finish reason
          // and usage. A stream without a finish reason is cut (a transport failure).
          let text = '';
          let last: GenerateContentResponse | undefined;
          const stream = await ai.models.generateContentStream(params);
          try {
            for await (const chunk of stream) {
              if (chunk === null || typeof chunk !== 'object') throw notAReply('generated content', chunk);
              text += (chunk.candidates?.[0]?.content?.parts ?? []).map((p) => (typeof p.text === 'string' && !p.thought ? p.text : '')).join('');
              last = chunk;
            }
          } catch (e) {
            // The SDK throws an error chunk inside the 200 stream as if it were a status: it is a transport failure.
            if (e instanceof ProviderCallError || req.signal.aborted) throw e;
            throw new ProviderCallError('body', `an error event inside the stream: ${String((e as Error)?.message ?? e)}`);
          }
          if (!last || (!last.candidates?.[0]?.finishReason && !last.promptFeedback?.blockReason)) throw cutStream('its finish reason');
          const cand = last.candidates?.[0];
          r = Object.assign(Object.create(Object.getPrototypeOf(last)) as GenerateContentResponse, last, {
            candidates: cand ? [{ ...cand, content: { role: 'model', parts: text === '' ? [] : [{ text }] } }] : last.candidates,
          });
        } else r = await ai.models.generateContent(params);
      } catch (e) {
        if (e instanceof ProviderCallError) throw e;
        const err = e as { status?: number; message?: string; name?: string };
        if (req.signal.aborted || err?.name === 'AbortError') throw new ProviderCallError('abort', 'the decision deadline passed');
        if (typeof err?.status === 'number')
          throw new ProviderCallError('http', `HTTP ${err.status}: ${err.message ?? ''}`, err.status, retryDelayFromBody(err.message ?? ''));
        if (e instanceof SyntaxError) throw new ProviderCallError('body', `the provider's answer could not be read: ${err.message}`);
        throw new ProviderCallError('connection', `connection failed: ${String(err?.message ?? e)}`);
      }
      if (r === null || typeof r !== 'object' || (!Array.isArray(r.candidates) && !r.promptFeedback)) throw notAReply('generated content', r);
      const cand = r.candidates?.[0];
      const text = (cand?.content?.parts ?? []).map((p) => (typeof p.text === 'string' && !p.thought ? p.text : '')).join('');
      const finish = cand?.finishReason as string | undefined;
      const block = r.promptFeedback?.blockReason as string | undefined;
      let stop: StopKind = finish === 'STOP' ? 'stop' : finish === 'MAX_TOKENS' ? 'length' : 'other';
      if (block || (finish && SAFETY.has(finish))) stop = 'safety';
      const u = r.usageMetadata;
      const thoughts = u?.thoughtsTokenCount ?? 0;
      return {
        text,
        stop,
        stopDetail: block ? `blocked: ${block}` : finish,
        ...(u ? {} : { usageMissing: true }),
        usage: {
          input: u?.promptTokenCount ?? 0,
          output: (u?.candidatesTokenCount ?? 0) + thoughts,
          reasoning: thoughts,
          cached: u?.cachedContentTokenCount ?? 0,
        },
      };
    },
  };
}
