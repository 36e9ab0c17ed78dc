/**
 * Reading a model's reply: strict JSON first, then a lenient recovery (GENSTRAT v2 §5 "Prompt and
 * parsing" and Appendix F; v1 §5 "Prompting and corpus" and its per-turn observation prompt appendix). Both produce a *candidate* `{action, amount?}`;
 * `legal.ts` maps the candidate to a legal action.
 *
 * Lenient recovery handles, in order: code fences, surrounding whitespace and commentary, the
 * *last* JSON object in the reply (a reply that reasons about several actions ends with its
 * choice), single quotes, unquoted keys and trailing commas, and a partial object whose closing
 * brace or quote is missing (`{"action": "call`).
 */

/** What a reply names: the `action` value (a label, a word, or a number) and an optional `amount`. */
export interface Candidate {
  action: string | number;
  amount?: number;
}

/** A parse outcome: a candidate and the parser that found it, or the problem to quote in the re-ask. */
export type ParseResult = { ok: true; candidate: Candidate; parser: 'strict' | 'lenient' } | { ok: false; problem: string };

/** Pull a candidate out of a parsed JSON value: an object with an `action` key (any case). */
function candidateOf(value: unknown): Candidate | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  const get = (name: string) => entries.find(([k]) => k.trim().toLowerCase() === name)?.[1];
  const action = get('action') ?? get('move') ?? get('choice');
  let out: Candidate | null = null;
  if (typeof action === 'string' && action.trim() !== '') out = { action: action.trim() };
  else if (typeof action === 'number' && Number.isFinite(action)) out = { action };
  else if (action !== null && typeof action === 'object' && !Array.isArray(action)) {
    // {"action": {"type": "bet", "amount": 3}}
    const inner = candidateOf({ action: (action as Record<string, unknown>).type ?? (action as Record<string, unknown>).name, ...(action as object) });
    if (inner) out = inner;
  }
  if (!out) return null;
  const amount = get('amount');
  if (typeof amount === 'number' && Number.isFinite(amount)) out.amount = amount;
  else if (typeof amount === 'string' && /^\s*-?\d+\s*$/.test(amount)) out.amount = Number(amount);
  return out;
}

/**
 * Strict parsing: the whole reply (surrounding whitespace aside) is one JSON object with an
 * `action` field. This is the reply format the turn prompt asks for.
 */
export function parseStrict(text: string): Candidate | null {
  const t = text.trim();
  if (!t.startsWith('{')) return null;
  try {
    return candidateOf(JSON.parse(t));
  } catch {
    return null;
  }
}

/** Every balanced `{…}` span of `text` (strings and escapes respected), in order of their end. */
function objectSpans(text: string): string[] {
  const spans: string[] = [];
  const starts: number[] = [];
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"') quote = ch;
    else if (ch === '{') starts.push(i);
    else if (ch === '}' && starts.length > 0) spans.push(text.slice(starts.pop()!, i + 1));
  }
  return spans;
}

/** Common near-JSON repaired: single-quoted strings, unquoted keys, trailing commas, smart quotes. */
function repairJson(s: string): string {
  return s
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/'([^'"\\]*)'/g, '"$1"')
    .replace(/([{,]\s*)([A-Za-z_][\w]*)\s*:/g, '$1"$2":')
    .replace(/,\s*([}\]])/g, '$1');
}

function tryJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    try {
      return JSON.parse(repairJson(s));
    } catch {
      return undefined;
    }
  }
}

/** A partial object's `action` (and `amount`) read field by field: `{"action": "call` or `action: bet, amount: 3`. */
function partialCandidate(text: string): Candidate | null {
  const re = /["']?action["']?\s*[:=]\s*(?:"([^"\n{}]*)"?|'([^'\n{}]*)'?|(-?\d+)|([A-Za-z][\w ]*?))\s*(?=[,}\n]|$)/gi;
  let last: RegExpExecArray | null = null;
  for (let m = re.exec(text); m; m = re.exec(text)) last = m;
  if (!last) return null;
  const raw = (last[1] ?? last[2] ?? last[3] ?? last[4] ?? '').trim();
  if (raw === '') return null;
  const out: Candidate = { action: last[3] !== undefined ? Number(raw) : raw };
  const amount = /["']?amount["']?\s*[:=]\s*["']?(-?\d+)/i.exec(text.slice(last.index));
  if (amount) out.amount = Number(amount[1]);
  return out;
}

/** Lenient parsing (see the module comment); null when nothing in the reply names an action. */
export function parseLenient(text: string): Candidate | null {
  const unfenced = text.replace(/```[A-Za-z]*\s*([\s\S]*?)```/g, ' $1 ');
  const spans = objectSpans(unfenced);
  for (let i = spans.length - 1; i >= 0; i--) {
    const c = candidateOf(tryJson(spans[i]));
    if (c) return c;
  }
  // An object never closed, or fields without braces: read the last `action` field.
  const tail = unfenced.slice(unfenced.lastIndexOf('{') >= 0 ? unfenced.lastIndexOf('{') : 0);
  return partialCandidate(tail) ?? partialCandidate(unfenced);
}

/** The problem with a reply in one sentence, quoted back to the model in the format-fix re-ask. */
function describeProblem(text: string): string {
  const t = text.trim();
  if (t === '') return 'the reply was empty';
  if (!t.includes('{')) return 'the reply contains no JSON object';
  return 'the reply does not end with a JSON object that has an "action" field';
}

/** Strict, then lenient; otherwise the problem. */
export function parseReply(text: string): ParseResult {
  const strict = parseStrict(text);
  if (strict) return { ok: true, candidate: strict, parser: 'strict' };
  const lenient = parseLenient(text);
  if (lenient) return { ok: true, candidate: lenient, parser: 'lenient' };
  return { ok: false, problem: describeProblem(text) };
}

/**
 * The table message a reply sends with its move: the string `message` field (any case) of the JSON
 * object that named the action (the whole reply, else the last object in it), or null when there is
 * none. Chat games only; the match loop enforces the limits.
 */
export function messageOf(text: string): string | null {
  const unfenced = text.replace(/```[A-Za-z]*\s*([\s\S]*?)```/g, ' $1 ');
  const t = unfenced.trim();
  const objects = [...(t.startsWith('{') ? [t] : []), ...objectSpans(unfenced).reverse()];
  for (const o of objects) {
    const v = tryJson(o);
    if (!candidateOf(v)) continue;
    const m = Object.entries(v as Record<string, unknown>).find(([k]) => k.trim().toLowerCase() === 'message')?.[1];
    return typeof m === 'string' ? m : null;
  }
  return null;
}
