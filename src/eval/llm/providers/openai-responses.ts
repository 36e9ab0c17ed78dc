/** OpenAI Responses API through the `openai` SDK (`instructions` = the rulebook; `store: false`). */
import OpenAI from 'openai';
import type { LlmSettings } from '../config.js';
import type { Provider, ProviderReply, ProviderRequest, StopKind } from '../types.js';
import { cutStream, fromStainlessError, notAReply, ProviderCallError } from './errors.js';

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
      if (s.stream) return streamResponse(client, body, req.signal);
      let r: OpenAI.Responses.Response;
      try {
        r = (await client.responses.create(body as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming, {
          signal: req.signal,
          maxRetries: 0,
        })) as OpenAI.Responses.Response;
      } catch (e) {
        throw fromStainlessError(e, req.signal);
      }
      return readResponse(r);
    },
  };
}

/** The reply of a whole response object (the non-streamed answer, or the final event of a stream). */
function readResponse(r: OpenAI.Responses.Response): ProviderReply {
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
}

/**
 * The streamed form (`stream: true`): the text is read from the final `response.completed` or
 * `response.incomplete` event's response. A stream without it is cut; an `error` or
 * `response.failed` event inside the 200 stream is a transport failure.
 */
async function streamResponse(client: OpenAI, body: Record<string, unknown>, signal: AbortSignal): Promise<ProviderReply> {
  let final: OpenAI.Responses.Response | undefined;
  try {
    const stream = await client.responses.create({ ...body, stream: true } as unknown as OpenAI.Responses.ResponseCreateParamsStreaming, {
      signal,
      maxRetries: 0,
    });
    for await (const ev of stream as AsyncIterable<{ type?: string; response?: OpenAI.Responses.Response; message?: string }>) {
      if (ev === null || typeof ev !== 'object' || typeof ev.type !== 'string') throw notAReply('a response event', ev);
      if (ev.type === 'error' || ev.type === 'response.failed')
        throw new ProviderCallError('body', `an error event inside the stream: ${ev.message ?? JSON.stringify(ev.response?.error ?? ev).slice(0, 200)}`);
      if (ev.type === 'response.completed' || ev.type === 'response.incomplete') final = ev.response;
    }
  } catch (e) {
    throw fromStainlessError(e, signal);
  }
  if (!final) throw cutStream('its response.completed event');
  return readResponse(final);
}
