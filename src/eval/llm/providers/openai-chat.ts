/**
 * OpenAI Chat Completions through the `openai` SDK; also any OpenAI-compatible endpoint (vLLM,
 * Ollama, Together, OpenRouter) by base URL (`compat`, which sends `max_tokens` instead of
 * `max_completion_tokens`, the field such servers know).
 */
import OpenAI from 'openai';
import type { LlmSettings } from '../config.js';
import type { Provider, ProviderReply, ProviderRequest, StopKind } from '../types.js';
import { cutStream, fromStainlessError, notAReply } from './errors.js';

function stopOf(finish: string | null | undefined, refusal: string | null | undefined): StopKind {
  if (refusal) return 'refusal';
  if (finish === 'stop') return 'stop';
  if (finish === 'length') return 'length';
  if (finish === 'content_filter') return 'safety';
  return 'other';
}

/** A Chat Completions provider. `apiKey` comes from the environment (see `providers/index.ts`). */
export function openaiChatProvider(s: LlmSettings, apiKey: string): Provider {
  const client = new OpenAI({ apiKey, baseURL: s.baseUrl, maxRetries: 0, timeout: s.deadlineMs + 5_000 });
  const compat = s.provider === 'compat';
  return {
    kind: s.provider,
    model: s.model,
    endpoint: `${s.provider} ${client.baseURL}`,
    async complete(req: ProviderRequest): Promise<ProviderReply> {
      const body: Record<string, unknown> = {
        model: s.model,
        messages: [{ role: 'system', content: req.system }, ...req.messages.map((m) => ({ role: m.role, content: m.content }))],
      };
      if (s.maxOutputTokens !== undefined) body[compat ? 'max_tokens' : 'max_completion_tokens'] = s.maxOutputTokens;
      if (s.temperature !== undefined) body.temperature = s.temperature;
      if (s.seed !== undefined) body.seed = s.seed;
      if (s.reasoningEffort !== undefined) body.reasoning_effort = s.reasoningEffort;
      if (s.stream) return streamChat(client, body, req.signal);
      let r: OpenAI.Chat.Completions.ChatCompletion;
      try {
        r = (await client.chat.completions.create(body as unknown as OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, {
          signal: req.signal,
          maxRetries: 0,
        })) as OpenAI.Chat.Completions.ChatCompletion;
      } catch (e) {
        throw fromStainlessError(e, req.signal);
      }
      if (r === null || typeof r !== 'object' || !Array.isArray(r.choices)) throw notAReply('a chat completion', r);
      const choice = r.choices[0];
      const refusal = choice?.message?.refusal;
      const u = r.usage;
      return {
        text: choice?.message?.content ?? '',
        stop: stopOf(choice?.finish_reason, refusal),
        stopDetail: refusal ? `refusal: ${refusal}` : (choice?.finish_reason ?? undefined),
        ...(u ? {} : { usageMissing: true }),
        usage: {
          input: u?.prompt_tokens ?? 0,
          output: u?.completion_tokens ?? 0,
          reasoning: u?.completion_tokens_details?.reasoning_tokens ?? 0,
          cached: u?.prompt_tokens_details?.cached_tokens ?? 0,
        },
      };
    },
  };
}

/**
 * The streamed form (`stream: true`, usage asked for in the last chunk). A stream that ends without
 * a finish reason is cut, and an error event inside the 200 stream throws: both transport failures.
 */
async function streamChat(client: OpenAI, body: Record<string, unknown>, signal: AbortSignal): Promise<ProviderReply> {
  let text = '';
  let refusal = '';
  let finish: string | null = null;
  let usage: OpenAI.Completions.CompletionUsage | undefined;
  try {
    const stream = await client.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } } as unknown as OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming,
      { signal, maxRetries: 0 },
    );
    for await (const chunk of stream) {
      if (chunk === null || typeof chunk !== 'object' || !Array.isArray(chunk.choices)) throw notAReply('a chat completion chunk', chunk);
      const c = chunk.choices[0];
      if (c?.delta?.content) text += c.delta.content;
      if (c?.delta?.refusal) refusal += c.delta.refusal;
      if (c?.finish_reason) finish = c.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
  } catch (e) {
    throw fromStainlessError(e, signal);
  }
  if (finish === null) throw cutStream('its finish reason');
  return {
    text,
    stop: stopOf(finish, refusal || null),
    stopDetail: refusal ? `refusal: ${refusal}` : finish,
    usage: {
      input: usage?.prompt_tokens ?? 0,
      output: usage?.completion_tokens ?? 0,
      reasoning: usage?.completion_tokens_details?.reasoning_tokens ?? 0,
      cached: usage?.prompt_tokens_details?.cached_tokens ?? 0,
    },
    ...(usage ? {} : { usageMissing: true }),
  };
}
