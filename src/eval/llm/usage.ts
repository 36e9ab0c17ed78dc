/**
 * The league's execution report of a run store (llm-game-league methodology: "valid action rate,
 * refusal, timeout, format error, cost, and p50/p95 latency"), with GENSTRAT v2 Appendix F's
 * fallback rate beside the league's: per LLM participant, its decisions, the valid-action rate,
 * the paper's rate (first replies neither parser could read) and the frozen fallback's rate with
 * its reasons, refusals, time-outs, format errors, HTTP requests, retries, tokens, cost and latency,
 * plus the slots replayed or discarded and the frozen fallback policy of each game. One reader for
 * `gbgc records usage` and the report's execution section, so the two always agree.
 */
import type Database from 'better-sqlite3';
import { slotHands, slotSeats, type RunStore, type SlotRecord } from '../store/index.js';
import { llmMetrics, type LlmMetrics } from './metrics.js';
import { FALLBACK_REASONS, type FallbackPolicy, type LlmMoveRecord } from './types.js';

/** One LLM participant's execution figures. */
export interface LlmUsageRow extends LlmMetrics {
  participant: string;
  id: string;
  /** PROVIDER/MODEL. */
  model: string;
  /** Slots it sat in that were discarded (`on_failure: discard`). */
  discardedSlots: number;
}

/** What `gbgc records usage --json` prints. */
export interface LlmUsage {
  participants: LlmUsageRow[];
  /** The frozen fallback of each game, as the played plan declares it (`uniform` when it declares none). */
  fallback: { game: string; policy: FallbackPolicy; declared: boolean }[];
}

/**
 * Read the execution figures of every `kind: llm` participant of a run store (finished slots only),
 * at tables of any number of seats: a participant's decisions are the moves of the seats it held,
 * hand by hand in a match of several hands.
 * @param store the run store (read only is enough)
 */
export function llmUsage(store: RunStore): LlmUsage {
  const db = store.db;
  const parts = db.prepare("SELECT id, name, config FROM participants WHERE kind = 'llm' ORDER BY name").all() as {
    id: string;
    name: string;
    config: string;
  }[];
  const slots = store.slots().filter((s) => s.status === 'done' || s.status === 'discarded');
  const seatsOf = (s: SlotRecord): string[] => slotSeats(s).map((x) => x.participant);
  const participants = parts.map((p): LlmUsageRow => {
    const groups: LlmMoveRecord[][] = [];
    let discarded = 0;
    for (const s of slots) {
      if (!seatsOf(s).includes(p.id) && !(s.hands ?? []).some((h) => h.seats.includes(p.id))) continue;
      if (s.status === 'discarded') {
        discarded++;
        continue;
      }
      const all = store.readMoves(s.id);
      const recs: LlmMoveRecord[] = [];
      for (const h of slotHands(s, all.length))
        for (const m of all.slice(h.firstPly, h.firstPly + h.plies)) {
          if (h.seats[m.seat] !== p.id || m.extra === null) continue;
          const e = m.extra as unknown as LlmMoveRecord & { kind?: string };
          if (e.kind === 'llm') recs.push(e);
        }
      groups.push(recs);
    }
    let model = '';
    try {
      model = String((JSON.parse(p.config) as { params?: { model?: unknown } }).params?.model ?? '');
    } catch {
      model = '';
    }
    return { participant: p.name, id: p.id, model, discardedSlots: discarded, ...llmMetrics(groups) };
  });
  return { participants, fallback: fallbackOfPlan(db) };
}

/** The frozen fallback per game from the store's `plan` meta. */
function fallbackOfPlan(db: Database.Database): LlmUsage['fallback'] {
  const raw = (db.prepare("SELECT value FROM meta WHERE key = 'plan'").pluck().get() as string | undefined) ?? null;
  if (!raw) return [];
  const plan = JSON.parse(raw) as { games?: { path: string }[]; fallback?: FallbackPolicy[] };
  return (plan.games ?? []).map((g, i) => ({ game: g.path, policy: plan.fallback?.[i] ?? 'uniform', declared: plan.fallback !== undefined }));
}

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const ms = (x: number | null): string => (x === null ? '-' : `${Math.round(x)} ms`);

/**
 * The figures of one participant as labelled values, in the order both the text and the report show
 * them: [key, label, value as shown].
 */
export function usageCells(r: LlmUsageRow): [string, string, string][] {
  return [
    ['moves', 'decisions', String(r.moves)],
    ['slots', 'slots', String(r.slots)],
    ['validActionRate', 'valid-action rate', pct(r.validActionRate)],
    ['paperFallbackMoveRate', 'fallback rate, GENSTRAT v2 Appendix F (first reply unreadable by strict and lenient parsing)', pct(r.paperFallbackMoveRate)],
    ['fallbackMoveRate', 'frozen-fallback moves (league: any reason)', pct(r.fallbackMoveRate)],
    ['fallbackSlotRate', 'slots with a frozen-fallback move', pct(r.fallbackSlotRate)],
    ...FALLBACK_REASONS.map((k): [string, string, string] => [`fallbackReasons.${k}`, `fallbacks: ${k}`, String(r.fallbackReasons[k])]),
    ['formatFixes', 'format-fix re-asks', String(r.formatFixes)],
    ['paths.format-fix', 'moves mended by the re-ask', String(r.paths['format-fix'])],
    ['paths.plain', 'plain-text replies played', String(r.paths.plain)],
    ['refusals', 'refusals', String(r.refusals)],
    ['timeouts', 'time-outs', String(r.timeouts)],
    ['formatErrors', 'format errors (moves with an unusable reply)', String(r.formatErrors)],
    ['discardedSlots', 'slots discarded', String(r.discardedSlots)],
    ['httpAttempts', 'HTTP requests', String(r.httpAttempts)],
    ['transportRetries', 'retries', String(r.transportRetries)],
    ['cacheHits', 'replies from the cache', String(r.cacheHits)],
    ['tokens.input', 'tokens in', String(r.tokens.input)],
    ['tokens.cached', 'tokens in, cached', String(r.tokens.cached)],
    ['tokens.output', 'tokens out', String(r.tokens.output)],
    ['usageMissing', 'answers without usage', String(r.usageMissing)],
    ['costUsd', 'cost (US$)', r.costUsd.toFixed(4)],
    ['latencyP50Ms', 'latency p50', ms(r.latencyP50Ms)],
    ['latencyP95Ms', 'latency p95', ms(r.latencyP95Ms)],
  ];
}

/** The text of `gbgc records usage`. */
export function formatLlmUsage(path: string, u: LlmUsage): string {
  if (u.participants.length === 0) return `${path}: no LLM participant\n`;
  const lines = [`${path}: execution of ${u.participants.length} LLM participant${u.participants.length === 1 ? '' : 's'}`];
  const policies = [...new Set(u.fallback.map((f) => f.policy))];
  lines.push(
    `  frozen fallback: ${policies.length <= 1 ? `${policies[0] ?? 'uniform'}${u.fallback.some((f) => f.declared) ? '' : ' (default)'}` : u.fallback.map((f) => `${f.game} ${f.policy}`).join(', ')}`,
  );
  for (const r of u.participants) {
    lines.push(`  ${r.participant} (${r.model})`);
    const cells = usageCells(r);
    const width = Math.max(...cells.map((c) => c[1].length));
    for (const [, label, value] of cells) lines.push(`    ${label.padEnd(width)}  ${value}`);
  }
  return `${lines.join('\n')}\n`;
}
