/** Anthropic Messages through `@anthropic-ai/sdk` (`system` = the rulebook). */
import Anthropic from '@anthropic-ai/sdk';
import type { LlmSettings } from '../config.js';
import type { Provider, ProviderReply, ProviderRequest, StopKind } from '../types.js';
import { cutStream, fromStainlessError, notAReply } from './errors.js';

/** Output limit when the config sets none (the Messages API requires one). */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;

/** A Messages API provider. */
export function anthropicProvider(s: LlmSettings, apiKey: string): Provider {
  const client = new Anthropic({ apiKey, baseURL: s.baseUrl, maxRetries: 0, timeout: s.deadlineMs + 5_000 });
  return {
    kind: s.provider,
    model: s.model,
    endpoint: `${s.provider} ${client.baseURL}`,
    async complete(req: ProviderRequest): Promise<ProviderReply> {
      const maxTokens = s.maxOutputTokens ?? Math.max(ANTHROPIC_DEFAULT_MAX_TOKENS, (s.thinkingBudget ?? 0) + ANTHROPIC_DEFAULT_MAX_TOKENS);
      const body: Record<string, unknown> = {
        model: s.model,
        system: req.system,
        messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
        max_tokens: maxTokens,
      };
      if (s.temperature !== undefined) body.temperature = s.temperature;
      if (s.thinkingBudget !== undefined) body.thinking = { type: 'enabled', budget_tokens: s.thinkingBudget };
      if (s.stream) return streamMessage(client, body, req.signal);
      let r: Anthropic.Messages.Message;
      try {
        r = (await client.messages.create(body as unknown as Anthropic.Messages.MessageCreateParamsNonStreaming, {
          signal: req.signal,
          maxRetries: 0,
        })) as Anthropic.Messages.Message;
      } catch (e) {
        throw fromStainlessError(e, req.signal);
      }
      return readMessage(r);
    },
  };
}

/** The reply of a whole message (the non-streamed answer, or one assembled from a stream). */
function readMessage(r: Anthropic.Messages.Message): ProviderReply {
  if (r === null || typeof r !== 'object' || !Array.isArray(r.content)) throw notAReply('a message', r);
  const text = r.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
  const reason = r.stop_reason as string | null;
  const stop: StopKind =
    reason === 'end_turn' || reason === 'stop_sequence' ? 'stop' : reason === 'max_tokens' ? 'length' : reason === 'refusal' ? 'refusal' : 'other';
  const u = r.usage as unknown as Record<string, number | null | undefined> | undefined;
  const cachedRead = u?.cache_read_input_tokens ?? 0;
  const cacheWrite = u?.cache_creation_input_tokens ?? 0;
  return {
    text,
    stop,
    stopDetail: reason ?? undefined,
    ...(u ? {} : { usageMissing: true }),
    usage: { input: (u?.input_tokens ?? 0) + cachedRead + cacheWrite, output: u?.output_tokens ?? 0, reasoning: 0, cached: cachedRead },
  };
}

/**
 * The streamed form (`stream: true`): the message is assembled from its events (`message_start`,
 * text deltas, `message_delta` with the stop reason and output tokens). A stream without
 * `message_stop` is cut; an `error` event inside the 200 stream throws (the SDK): both are transport failures.
 */
async function streamMessage(client: Anthropic, body: Record<string, unknown>, signal: AbortSignal): Promise<ProviderReply> {
  let msg: Anthropic.Messages.Message | undefined;
  let text = '';
  let stopped = false;
  try {
    const stream = await client.messages.create({ ...body, stream: true } as unknown as Anthropic.Messages.MessageCreateParamsStreaming, {
      signal,
      maxRetries: 0,
    });
    for await (const ev of stream) {
      if (ev === null || typeof ev !== 'object') throw notAReply('a message event', ev);
      if (ev.type === 'message_start') msg = { ...ev.message, content: [] };
      else if (ev.type === 'content_block_delta' && ev.delta.type === 'text_delta') text += ev.delta.text;
      else if (ev.type === 'message_delta' && msg) {
        msg.stop_reason = ev.delta.stop_reason;
        msg.usage = { ...msg.usage, ...(ev.usage as object) } as Anthropic.Messages.Usage;
      } else if (ev.type === 'message_stop') stopped = true;
    }
  } catch (e) {
    throw fromStainlessError(e, signal);
  }
  if (!msg || !stopped) throw cutStream('its message_stop event');
  return readMessage({ ...msg, content: text === '' ? [] : [{ type: 'text', text, citations: null }] } as Anthropic.Messages.Message);
}
