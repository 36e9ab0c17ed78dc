/**
 * `--dry-run` for LLM participants: calls, tokens and cost before anything is spent. Decisions per
 * slot and prompt sizes come from playing sample games with uniform random moves and rendering
 * every turn prompt the seat would receive; input tokens are the rendered rulebook (system prompt)
 * plus the turn prompt (plus the game so far in conversation mode `match`), counted with
 * `countTokens`; output tokens per call are the configured `expected_output_tokens` (else
 * `max_output_tokens`, else 256). Format-fix re-asks and retries are not predicted.
 */
import { CHANCE, type Game } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { renderRulebook } from '../../render/rulebook.js';
import { renderTurnPrompt } from '../../render/prompt.js';
import { rngFromKeys } from '../../util/rng.js';
import { costUsd, type LlmSettings } from './config.js';
import { countTokens } from './tokens.js';
import { llmSystemPrompt } from './agent.js';

/** Output tokens per call when the config names none. */
export const DEFAULT_EXPECTED_OUTPUT_TOKENS = 256;

export interface DryRunEstimate {
  /** Slots in which the participant holds a seat. */
  slots: number;
  /** Expected decisions (HTTP calls) per slot, averaged over both seats. */
  callsPerSlot: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** US dollars; null when the participant has no price. */
  costUsd: number | null;
  /** Sample games played for the estimate. */
  sampleGames: number;
}

/**
 * Estimate one participant's calls, tokens and cost on one game of any number of seats.
 * @param seatSlots slots the participant plays at each seat, seat 0 first (one entry per seat; duplicate play: equal)
 * @param sampleGames sample games per seat (default 200)
 * @param seed seed of the sample games (default 1)
 * @param handsPerSlot hands a slot plays (a match of several hands, `hands_per_match`; default 1): each is one sample game's worth of calls
 */
export function estimateLlmParticipant(
  game: Game,
  s: LlmSettings,
  seatSlots: readonly number[],
  sampleGames = 200,
  seed = 1,
  handsPerSlot = 1,
): DryRunEstimate {
  const systemTokens = countTokens(llmSystemPrompt(renderRulebook(game.ir)));
  const outPerCall = s.expectedOutputTokens ?? s.maxOutputTokens ?? DEFAULT_EXPECTED_OUTPUT_TOKENS;
  let calls = 0;
  let input = 0;
  for (let seat = 0; seat < seatSlots.length; seat++) {
    if (seatSlots[seat] === 0) continue;
    let seatCalls = 0;
    let seatInput = 0;
    for (let g = 0; g < sampleGames; g++) {
      const rng = rngFromKeys(seed, seat, g);
      const state = game.newInitialState();
      let history = 0;
      while (!state.isTerminal()) {
        const p = state.currentPlayer();
        if (p === CHANCE) {
          state.applyAction(sampleChanceOutcome(state, rng));
          continue;
        }
        if (p === seat) {
          const prompt = countTokens(renderTurnPrompt(state.observation(seat)));
          seatCalls++;
          seatInput += systemTokens + history + prompt;
          if (s.conversation === 'match') history += prompt + outPerCall;
        }
        const legal = state.legalActions();
        state.applyAction(legal[Math.floor(rng() * legal.length)]);
      }
    }
    calls += (seatCalls / sampleGames) * seatSlots[seat] * handsPerSlot;
    input += (seatInput / sampleGames) * seatSlots[seat] * handsPerSlot;
  }
  const slots = seatSlots.reduce((a, b) => a + b, 0);
  const inputTokens = Math.round(input);
  const outputTokens = Math.round(calls) * outPerCall;
  return {
    slots,
    callsPerSlot: slots === 0 ? 0 : calls / slots,
    calls: Math.round(calls),
    inputTokens,
    outputTokens,
    costUsd: s.price ? costUsd(s.price, { input: inputTokens, output: outputTokens, cached: 0 }) : null,
    sampleGames,
  };
}

/** Sum of estimates (one participant over several games). Cost is null if any part has no price. */
export function sumEstimates(parts: readonly DryRunEstimate[]): DryRunEstimate {
  const slots = parts.reduce((n, p) => n + p.slots, 0);
  const calls = parts.reduce((n, p) => n + p.callsPerSlot * p.slots, 0);
  return {
    slots,
    callsPerSlot: slots === 0 ? 0 : calls / slots,
    calls: parts.reduce((n, p) => n + p.calls, 0),
    inputTokens: parts.reduce((n, p) => n + p.inputTokens, 0),
    outputTokens: parts.reduce((n, p) => n + p.outputTokens, 0),
    costUsd: parts.some((p) => p.costUsd === null) ? null : parts.reduce((n, p) => n + p.costUsd!, 0),
    sampleGames: parts.reduce((n, p) => Math.max(n, p.sampleGames), 0),
  };
}

/** The `--dry-run` table: one line per participant (calls, input and output tokens, cost). */
export function formatDryRun(rows: readonly { participant: string; estimate: DryRunEstimate }[]): string {
  const head = ['participant', 'slots', 'calls', 'input tokens', 'output tokens', 'cost (USD)'];
  const body = rows.map(({ participant, estimate: e }) => [
    participant,
    String(e.slots),
    e.calls.toLocaleString('en-US'),
    e.inputTokens.toLocaleString('en-US'),
    e.outputTokens.toLocaleString('en-US'),
    e.costUsd === null ? 'no price' : e.costUsd.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return `${[line(head), ...body.map(line)].join('\n')}\n`;
}
