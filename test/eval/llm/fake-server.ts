/**
 * A local HTTP server on 127.0.0.1 that speaks the four wire formats the LLM player uses (OpenAI
 * Chat Completions and Responses, Anthropic Messages, Gemini generateContent), scripted per test.
 * It counts every request and the input tokens it received (cl100k-style pre-token pieces, see
 * `countTokens`), as a provider's meter would.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countTokens } from '../../../src/eval/llm/tokens.js';

export type Api = 'chat' | 'responses' | 'messages' | 'gemini';

/** What the script answers to one request. */
export type Scripted =
  | {
      reply: string;
      stop?: 'stop' | 'length' | 'refusal' | 'safety';
      outputTokens?: number;
      reasoningTokens?: number;
      noUsage?: boolean;
      /** Streamed requests: end the stream after the first piece of text, without the final event. */
      cut?: boolean;
      /** Streamed requests: an error event after the first piece of text, inside the 200 stream. */
      streamError?: boolean;
    }
  | { status: number; headers?: Record<string, string>; message?: string; /** the whole error body, instead of the wire format's usual one */ body?: unknown }
  | { html: true }
  | { hang: true }
  | { reset: true };

/** A request as the script sees it. */
export interface SeenRequest {
  api: Api;
  /** The request asked for a stream (server-sent events). */
  stream: boolean;
  model: string;
  /** The system prompt and the messages, flattened: role and text. */
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** Input tokens counted by the server. */
  inputTokens: number;
}

export interface FakeServer {
  port: number;
  /** Base URLs for each SDK. */
  openaiBase: string;
  anthropicBase: string;
  geminiBase: string;
  requests: SeenRequest[];
  /** Everything the server wrote back, for the key-leak check. */
  responses: string[];
  close(): Promise<void>;
}

function flatten(api: Api, body: Record<string, any>): { system: string; messages: SeenRequest['messages'] } {
  switch (api) {
    case 'chat': {
      const msgs = body.messages as { role: string; content: string }[];
      return {
        system: msgs
          .filter((m) => m.role === 'system' || m.role === 'developer')
          .map((m) => m.content)
          .join('\n'),
        messages: msgs.filter((m) => m.role === 'user' || m.role === 'assistant') as SeenRequest['messages'],
      };
    }
    case 'responses':
      return {
        system: body.instructions ?? '',
        messages: (body.input as { role: 'user' | 'assistant'; content: string }[]).map((m) => ({ role: m.role, content: m.content })),
      };
    case 'messages':
      return { system: typeof body.system === 'string' ? body.system : '', messages: body.messages };
    case 'gemini': {
      const sys = body.systemInstruction;
      const system = typeof sys === 'string' ? sys : ((sys?.parts ?? []) as { text: string }[]).map((p) => p.text).join('');
      return {
        system,
        messages: (body.contents as { role: string; parts: { text: string }[] }[]).map((c) => ({
          role: c.role === 'model' ? 'assistant' : 'user',
          content: c.parts.map((p) => p.text).join(''),
        })),
      };
    }
  }
}

function wireReply(api: Api, model: string, s: Extract<Scripted, { reply: string }>, inputTokens: number): unknown {
  const stop = s.stop ?? 'stop';
  const out = s.outputTokens ?? Math.max(1, countTokens(s.reply));
  const reasoning = s.reasoningTokens ?? 0;
  switch (api) {
    case 'chat':
      return {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 0,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: stop === 'refusal' ? null : s.reply, refusal: stop === 'refusal' ? s.reply : null },
            finish_reason: stop === 'length' ? 'length' : stop === 'safety' ? 'content_filter' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: inputTokens,
          completion_tokens: out,
          total_tokens: inputTokens + out,
          completion_tokens_details: { reasoning_tokens: reasoning },
          prompt_tokens_details: { cached_tokens: 0 },
        },
      };
    case 'responses':
      return {
        id: 'resp_1',
        object: 'response',
        created_at: 0,
        status: stop === 'length' || stop === 'safety' ? 'incomplete' : 'completed',
        incomplete_details: stop === 'length' ? { reason: 'max_output_tokens' } : stop === 'safety' ? { reason: 'content_filter' } : null,
        model,
        output: [
          {
            type: 'message',
            id: 'msg_1',
            status: 'completed',
            role: 'assistant',
            content:
              stop === 'refusal' ? [{ type: 'refusal', refusal: s.reply }] : s.reply === '' ? [] : [{ type: 'output_text', text: s.reply, annotations: [] }],
          },
        ],
        usage: {
          input_tokens: inputTokens,
          output_tokens: out,
          total_tokens: inputTokens + out,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens_details: { reasoning_tokens: reasoning },
        },
      };
    case 'messages':
      return {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model,
        content: s.reply === '' ? [] : [{ type: 'text', text: s.reply }],
        stop_reason: stop === 'length' ? 'max_tokens' : stop === 'refusal' ? 'refusal' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: out },
      };
    case 'gemini':
      if (stop === 'safety')
        return { candidates: [], promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: inputTokens, totalTokenCount: inputTokens } };
      return {
        candidates: [
          { content: { role: 'model', parts: s.reply === '' ? [] : [{ text: s.reply }] }, finishReason: stop === 'length' ? 'MAX_TOKENS' : 'STOP', index: 0 },
        ],
        usageMetadata: {
          promptTokenCount: inputTokens,
          candidatesTokenCount: out - reasoning,
          thoughtsTokenCount: reasoning,
          totalTokenCount: inputTokens + out,
        },
        modelVersion: model,
      };
  }
}

/**
 * A streamed answer as each wire format sends it (server-sent events): the text in two pieces, then
 * the final events (finish reason, usage). `cut` ends the stream after the first piece; `streamError`
 * sends the format's error event there instead.
 */
function sseReply(res: ServerResponse, log: string[], api: Api, model: string, s: Extract<Scripted, { reply: string }>, inputTokens: number): void {
  const whole = wireReply(api, model, s, inputTokens) as Record<string, any>;
  const half = Math.ceil(s.reply.length / 2);
  const pieces = [s.reply.slice(0, half), s.reply.slice(half)].filter((x) => x !== '');
  const events: [string | null, unknown][] = [];
  let error: [string | null, unknown];
  switch (api) {
    case 'chat': {
      const chunk = (delta: unknown, finish: string | null) => ({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 0,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
      const c = whole.choices[0];
      events.push([null, chunk({ role: 'assistant', content: '' }, null)]);
      for (const p of pieces) events.push([null, chunk(c.message.refusal ? { refusal: p } : { content: p }, null)]);
      events.push([null, chunk({}, c.finish_reason)]);
      if (!s.noUsage) events.push([null, { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: whole.usage }]);
      error = [null, { error: { message: 'stream broke: upstream overloaded', type: 'server_error' } }];
      break;
    }
    case 'responses': {
      const final = { ...whole };
      if (s.noUsage) delete final.usage;
      events.push(['response.created', { type: 'response.created', sequence_number: 0, response: { ...final, status: 'in_progress', output: [] } }]);
      for (const p of pieces)
        events.push([
          'response.output_text.delta',
          { type: 'response.output_text.delta', sequence_number: 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta: p },
        ]);
      events.push([
        final.status === 'completed' ? 'response.completed' : 'response.incomplete',
        { type: final.status === 'completed' ? 'response.completed' : 'response.incomplete', sequence_number: 9, response: final },
      ]);
      error = ['error', { type: 'error', sequence_number: 2, code: 'server_error', message: 'stream broke: upstream overloaded', param: null }];
      break;
    }
    case 'messages': {
      events.push([
        'message_start',
        { type: 'message_start', message: { ...whole, content: [], stop_reason: null, usage: { input_tokens: inputTokens, output_tokens: 1 } } },
      ]);
      events.push(['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }]);
      for (const p of pieces) events.push(['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: p } }]);
      events.push(['content_block_stop', { type: 'content_block_stop', index: 0 }]);
      events.push([
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: whole.stop_reason, stop_sequence: null }, usage: { output_tokens: whole.usage.output_tokens } },
      ]);
      events.push(['message_stop', { type: 'message_stop' }]);
      error = ['error', { type: 'error', error: { type: 'overloaded_error', message: 'stream broke: upstream overloaded' } }];
      break;
    }
    case 'gemini': {
      const cand = whole.candidates?.[0];
      for (const p of pieces.slice(0, -1))
        events.push([null, { candidates: [{ content: { role: 'model', parts: [{ text: p }] }, index: 0 }], modelVersion: model }]);
      const lastText = pieces.at(-1);
      events.push([
        null,
        {
          ...whole,
          candidates: cand ? [{ ...cand, content: { role: 'model', parts: lastText === undefined ? [] : [{ text: lastText }] } }] : whole.candidates,
          ...(s.noUsage ? { usageMetadata: undefined } : {}),
        },
      ]);
      error = [null, { error: { code: 500, message: 'stream broke: upstream overloaded', status: 'INTERNAL' } }];
      break;
    }
  }
  // After the first text piece (chat and messages open with a start event before it).
  const firstText = api === 'gemini' ? 1 : 2;
  const sent = s.cut ? events.slice(0, firstText) : s.streamError ? [...events.slice(0, firstText), error!] : events;
  let text = '';
  for (const [name, data] of sent) text += `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
  if (api === 'chat' && !s.cut && !s.streamError) text += 'data: [DONE]\n\n';
  log.push(`200 text/event-stream ${text}`);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.end(text);
}

function errorBody(api: Api, status: number, message: string): unknown {
  if (api === 'messages') return { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message } };
  if (api === 'gemini') return { error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } };
  return { error: { message, type: 'server_error', code: null } };
}

/** Start a server on a free port of 127.0.0.1; `script` answers each request. */
export async function startFakeServer(script: (req: SeenRequest) => Scripted | Promise<Scripted>): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const responses: string[] = [];
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    responses.push(`${status} ${JSON.stringify(headers)} ${text}`);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = req.url ?? '';
        let api: Api;
        let model: string;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, any>;
        const g = /\/models\/([^/:]+):(generateContent|streamGenerateContent)/.exec(url);
        if (url.endsWith('/chat/completions')) [api, model] = ['chat', body.model];
        else if (url.endsWith('/responses')) [api, model] = ['responses', body.model];
        else if (url.endsWith('/messages')) [api, model] = ['messages', body.model];
        else if (g) [api, model] = ['gemini', decodeURIComponent(g[1])];
        else return send(res, 404, { error: { message: `no route ${url}` } });
        const flat = flatten(api, body);
        const inputTokens = countTokens(flat.system) + flat.messages.reduce((n, m) => n + countTokens(m.content), 0);
        const stream = api === 'gemini' ? g![2] === 'streamGenerateContent' : body.stream === true;
        const seen: SeenRequest = { api, model, stream, ...flat, headers: req.headers, body, inputTokens };
        requests.push(seen);
        const s = await script(seen);
        if ('hang' in s) return; // never answer; the client's deadline must end it
        if ('reset' in s) return void req.socket.destroy();
        if ('status' in s) return send(res, s.status, s.body ?? errorBody(api, s.status, s.message ?? `status ${s.status}`), s.headers);
        if ('html' in s) {
          // A gateway's or captive portal's page answered with 200.
          const page = '<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in to continue.</body></html>';
          responses.push(`200 text/html ${page}`);
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return void res.end(page);
        }
        if (stream) return sseReply(res, responses, api, model, s, inputTokens);
        const answer = wireReply(api, model, s, inputTokens) as Record<string, unknown>;
        if (s.noUsage) {
          delete answer.usage;
          delete answer.usageMetadata;
        }
        send(res, 200, answer);
      })();
    });
  });
  // Keep idle connections open longer than any test, so a reused keep-alive socket is never closed
  // under the client (that race is a real connection error, retried; tests want it only when scripted).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    openaiBase: `http://127.0.0.1:${port}/v1`,
    anthropicBase: `http://127.0.0.1:${port}`,
    geminiBase: `http://127.0.0.1:${port}`,
    requests,
    responses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
