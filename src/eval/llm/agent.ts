/**
 * The `llm` agent: a {@link Player} whose moves a language model chooses. The rulebook is the
 * system prompt and the turn prompt the user message (GENSTRAT v2 §5; BotzoneBench's system/user
 * split); each move's record (path, calls, tokens, cost, latency, raw reply) is kept for the run store.
 */
import type { Action, Game, GameState, Player } from '../../interpreter/api.js';
import { renderRulebook } from '../../render/rulebook.js';
import { renderTurnPrompt } from '../../render/prompt.js';
import type { Rng } from '../../util/rng.js';
import type { ResponseCache } from './cache.js';
import type { LlmSettings } from './config.js';
import { decide, type DecisionContext } from './decide.js';
import { createProvider } from './providers/index.js';
import type { SpendGuard } from './spend.js';
import type { ChatMessage, LlmMoveRecord, Provider } from './types.js';

/** Options of an LLM agent beyond its settings. */
export interface LlmAgentOptions {
  /** A provider to use instead of the one the settings name (tests, wrappers). */
  provider?: Provider;
  cache?: ResponseCache;
  spend?: SpendGuard;
  /** Backoff and retry-after cap, milliseconds (see `DecisionContext`). */
  backoffMs?: number;
  maxRetryAfterMs?: number;
  /** Called after each move with its record. */
  onMove?: (record: LlmMoveRecord) => void;
  /** The agent's name (default `llm:PROVIDER/MODEL`). */
  name?: string;
}

/** An LLM player plus the slot bookkeeping a tournament needs. */
export interface LlmAgent extends Player {
  readonly settings: LlmSettings;
  /** Every move record since the agent was made. */
  readonly records: LlmMoveRecord[];
  /**
   * Start a slot: clears the conversation (mode `match`) and names the slot for the response
   * cache, so a resumed slot gets the replies it already paid for.
   */
  beginSlot(slotId: string): void;
  /** End the slot; returns its move records. */
  endSlot(): LlmMoveRecord[];
}

/**
 * Make an LLM agent for a game.
 * @throws UserError when the provider's key variable is not set
 */
export function createLlmAgent(game: Game, settings: LlmSettings, options: LlmAgentOptions = {}): LlmAgent {
  const provider = options.provider ?? createProvider(settings);
  const system = renderRulebook(game.ir);
  const ctx: DecisionContext = { provider, settings, cache: options.cache, spend: options.spend, backoffMs: options.backoffMs, maxRetryAfterMs: options.maxRetryAfterMs };
  const records: LlmMoveRecord[] = [];
  let slotId: string | undefined;
  let slotRecords: LlmMoveRecord[] = [];
  let moveInSlot = 0;
  let conversation: ChatMessage[] = [];
  let lastLogLength = Infinity;
  const name = options.name ?? `llm:${settings.provider}/${settings.model}`;
  return {
    name,
    settings,
    records,
    beginSlot(id: string) {
      slotId = id;
      slotRecords = [];
      moveInSlot = 0;
      conversation = [];
      lastLogLength = Infinity;
    },
    endSlot() {
      const out = slotRecords;
      slotRecords = [];
      slotId = undefined;
      conversation = [];
      return out;
    },
    async act(state: GameState, seat: number, rng: Rng): Promise<Action> {
      const obs = state.observation(seat);
      // A new game without beginSlot (e.g. `gbgc play`): the seat's log starts again.
      if (obs.log.length < lastLogLength && slotId === undefined) conversation = [];
      lastLogLength = obs.log.length;
      const menu = obs.decision?.menu ?? [];
      const { record, conversation: after } = await decide(ctx, {
        seat,
        system,
        history: settings.conversation === 'match' ? conversation : [],
        prompt: renderTurnPrompt(obs),
        menu,
        rng,
        occurrence: slotId === undefined ? undefined : `${slotId}#${seat}#${moveInSlot}`,
      });
      moveInSlot++;
      if (settings.conversation === 'match') conversation = after;
      records.push(record);
      slotRecords.push(record);
      options.onMove?.(record);
      return record.action;
    },
  };
}
