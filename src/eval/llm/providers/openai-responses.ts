/** OpenAI Responses API through the `openai` SDK (`instructions` = the rulebook; `store: false`). */
import OpenAI from 'openai';
import type { LlmSettings } from '../config.js';
import type { Provider, ProviderReply, ProviderRequest, StopKind } from '../types.js';
import { fromStainlessError, notAReply } from './errors.js';

/** A Responses API provider. */
export function openaiResponsesProvider(s: LlmSettings, apiKey: string): Provider {
  const client = new OpenAI({ apiKey, baseURL: s.baseUrl, maxRetries: 0, timeout: s.deadlineMs + 5_000 });
  return {
    kind: s.provider,
    model: s.model,
    endpoint: `${s.provider} ${client.baseURL}`,
    async complete(req: ProviderRequest): Promise<ProviderReply> {
      const body: Record<string, unknown> = {
        model: s.model,
        instructions: req.system,
        input: req.messages.map((m) => ({ role: m.role, content: m.content })),
        store: false,
      };
      if (s.maxOutputTokens !== undefined) body.max_output_tokens = s.maxOutputTokens;
      if (s.temperature !== undefined) body.temperature = s.temperature;
      if (s.reasoningEffort !== undefined) body.reasoning = { effort: s.reasoningEffort };
      let r: OpenAI.Responses.Response;
      try {
        r = (await client.responses.create(body as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming, { signal: req.signal, maxRetries: 0 })) as OpenAI.Responses.Response;
      } catch (e) {
        throw fromStainlessError(e, req.signal);
      }
      if (r === null || typeof r !== 'object' || !Array.isArray(r.output)) throw notAReply('a response', r);
      let text = '';
      let refusal: string | null = null;
      for (const item of r.output ?? []) {
        if (item.type !== 'message') continue;
        for (const c of item.content ?? []) {
          if (c.type === 'output_text') text += c.text;
          else if (c.type === 'refusal') refusal = c.refusal;
        }
      }
      const reason = r.incomplete_details?.reason;
      let stop: StopKind = r.status === 'completed' ? 'stop' : 'other';
      if (refusal !== null) stop = 'refusal';
      else if (reason === 'max_output_tokens') stop = 'length';
      else if (reason === 'content_filter') stop = 'safety';
      const u = r.usage;
      return {
        text,
        stop,
        stopDetail: refusal !== null ? `refusal: ${refusal}` : (reason ?? r.status ?? undefined),
        ...(u ? {} : { usageMissing: true }),
        usage: {
          input: u?.input_tokens ?? 0,
          output: u?.output_tokens ?? 0,
          reasoning: u?.output_tokens_details?.reasoning_tokens ?? 0,
          cached: u?.input_tokens_details?.cached_tokens ?? 0,
        },
      };
    },
  };
}
