/**
 * LLM move records in the run store: one table, `llm_moves`, in the store's SQLite database,
 * written in the same transaction as the slot's own rows (call {@link writeLlmMoves} inside it), so
 * a slot and its LLM records commit together or not at all. Keys never reach it: every text field
 * was redacted when the record was made.
 */
import type Database from 'better-sqlite3';
import type { LlmMoveRecord } from './types.js';

/** The table (created if missing). */
export const LLM_MOVES_DDL = `CREATE TABLE IF NOT EXISTS llm_moves (
  slot_id TEXT NOT NULL,
  participant_id TEXT NOT NULL,
  move_index INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  action INTEGER NOT NULL,
  label TEXT NOT NULL,
  path TEXT NOT NULL,
  fallback_reason TEXT,
  format_error TEXT,
  amount_adjusted TEXT,
  http_attempts INTEGER NOT NULL,
  transport_retries INTEGER NOT NULL,
  format_fixes INTEGER NOT NULL,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  reasoning_tokens INTEGER NOT NULL,
  cached_tokens INTEGER NOT NULL,
  cost_usd REAL NOT NULL,
  latency_ms REAL NOT NULL,
  raw TEXT NOT NULL,
  calls TEXT NOT NULL,
  parse_failure INTEGER NOT NULL DEFAULT 0,
  fallback_policy TEXT,
  PRIMARY KEY (slot_id, participant_id, move_index)
)`;

/** Create the table. */
export function ensureLlmMovesTable(db: Database.Database): void {
  db.exec(LLM_MOVES_DDL);
  // Tables written before these columns: add them (earlier moves read as no parse failure, policy unknown).
  const cols = new Set((db.prepare('PRAGMA table_info(llm_moves)').all() as { name: string }[]).map((c) => c.name));
  if (!cols.has('parse_failure')) db.exec('ALTER TABLE llm_moves ADD COLUMN parse_failure INTEGER NOT NULL DEFAULT 0');
  if (!cols.has('fallback_policy')) db.exec('ALTER TABLE llm_moves ADD COLUMN fallback_policy TEXT');
}

/** Write one slot's records of one participant (replacing what a crashed attempt may have left). */
export function writeLlmMoves(db: Database.Database, slotId: string, participantId: string, records: readonly LlmMoveRecord[]): void {
  ensureLlmMovesTable(db);
  db.prepare('DELETE FROM llm_moves WHERE slot_id = ? AND participant_id = ?').run(slotId, participantId);
  const put = db.prepare(
    `INSERT INTO llm_moves (slot_id, participant_id, move_index, seat, action, label, path, fallback_reason, format_error, amount_adjusted, http_attempts, transport_retries, format_fixes, input_tokens, output_tokens, reasoning_tokens, cached_tokens, cost_usd, latency_ms, raw, calls, parse_failure, fallback_policy)
     VALUES (@slot, @pid, @i, @seat, @action, @label, @path, @fallback, @formatError, @adjusted, @http, @retries, @fixes, @input, @output, @reasoning, @cached, @cost, @latency, @raw, @calls, @parseFailure, @policy)`,
  );
  records.forEach((r, i) =>
    put.run({
      slot: slotId,
      pid: participantId,
      i,
      seat: r.seat,
      action: r.action,
      label: r.label,
      path: r.path,
      fallback: r.fallbackReason ?? null,
      formatError: r.formatError ?? null,
      adjusted: r.amountAdjusted ?? null,
      http: r.httpAttempts,
      retries: r.transportRetries,
      fixes: r.formatFixes,
      input: r.usage.input,
      output: r.usage.output,
      reasoning: r.usage.reasoning,
      cached: r.usage.cached,
      cost: r.costUsd,
      latency: r.latencyMs,
      raw: r.raw,
      calls: JSON.stringify(r.calls),
      parseFailure: r.parseFailure ? 1 : 0,
      policy: r.fallbackPolicy ?? null,
    }),
  );
}

interface Row {
  slot_id: string;
  seat: number;
  action: number;
  label: string;
  path: LlmMoveRecord['path'];
  fallback_reason: LlmMoveRecord['fallbackReason'] | null;
  format_error: string | null;
  amount_adjusted: LlmMoveRecord['amountAdjusted'] | null;
  http_attempts: number;
  transport_retries: number;
  format_fixes: number;
  input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cached_tokens: number;
  cost_usd: number;
  latency_ms: number;
  raw: string;
  calls: string;
  parse_failure: number;
  fallback_policy: LlmMoveRecord['fallbackPolicy'] | null;
}

/**
 * A participant's records grouped by slot, for `llmMetrics`.
 * @param slotIds the slots the participant played (a slot without LLM moves gives an empty group); default: the slots that have rows
 */
export function readLlmMoves(db: Database.Database, participantId: string, slotIds?: readonly string[]): LlmMoveRecord[][] {
  ensureLlmMovesTable(db);
  const rows = db.prepare('SELECT * FROM llm_moves WHERE participant_id = ? ORDER BY slot_id, move_index').all(participantId) as Row[];
  const bySlot = new Map<string, LlmMoveRecord[]>();
  for (const id of slotIds ?? []) bySlot.set(id, []);
  for (const r of rows) {
    if (slotIds && !bySlot.has(r.slot_id)) continue;
    if (!bySlot.has(r.slot_id)) bySlot.set(r.slot_id, []);
    const rec: LlmMoveRecord = {
      seat: r.seat,
      action: r.action,
      label: r.label,
      path: r.path,
      httpAttempts: r.http_attempts,
      transportRetries: r.transport_retries,
      formatFixes: r.format_fixes,
      calls: JSON.parse(r.calls),
      raw: r.raw,
      usage: { input: r.input_tokens, output: r.output_tokens, reasoning: r.reasoning_tokens, cached: r.cached_tokens },
      costUsd: r.cost_usd,
      latencyMs: r.latency_ms,
    };
    if (r.fallback_reason) rec.fallbackReason = r.fallback_reason;
    if (r.fallback_policy) rec.fallbackPolicy = r.fallback_policy;
    if (r.parse_failure) rec.parseFailure = true;
    if (r.format_error !== null) rec.formatError = r.format_error;
    if (r.amount_adjusted) rec.amountAdjusted = r.amount_adjusted;
    bySlot.get(r.slot_id)!.push(rec);
  }
  return [...bySlot.values()];
}
