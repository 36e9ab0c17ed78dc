/**
 * The `llm` agent: a language model chooses the moves. The rulebook is the system prompt and the
 * turn prompt the user message (GENSTRAT v2 §5; BotzoneBench §4.3's system/user split); each
 * move's record (path, calls, tokens, cost, latency, raw reply) is kept for the run store.
 *
 * Two faces over one core: {@link LlmAgent.decideView} takes a *view* of the decision (seat, ply,
 * menu, turn prompt, rulebook, the agent's own stream; the evaluation stack's agent interface) and
 * returns the action with its record; {@link LlmAgent.act} is the interpreter's `Player` interface
 * (`gbgc play`, `simulate`), which builds that view from the state.
 */
import type { Action, Game, GameState, MenuItem, Player } from '../../interpreter/api.js';
import { renderRulebook } from '../../render/rulebook.js';
import { renderTurnPrompt } from '../../render/prompt.js';
import type { Rng } from '../../util/rng.js';
import type { ChatView } from '../../render/chat.js';
import { messageOf } from './parse.js';
import type { ResponseCache } from './cache.js';
import type { LlmSettings } from './config.js';
import { decide, type DecisionContext } from './decide.js';
import { createProvider } from './providers/index.js';
import type { SpendGuard } from './spend.js';
import { SERVICE_FAILURES, type ChatMessage, type FallbackPolicy, type LlmMoveRecord, type Provider } from './types.js';

/**
 * The objective every model is given, after the rulebook in the system prompt: GENSTRAT v2 §9 and
 * v1 §5 instruct the models to maximise expected chips (which is why α̂ is fitted on chip margins).
 */
export const OBJECTIVE =
  '## Your objective\n\nPlay to maximise your expected chips: the chips you win per game on average, counting how many you win or lose each game, not how often you win.';

/** The system prompt of an LLM seat: the rulebook, then {@link OBJECTIVE}. */
export function llmSystemPrompt(rulebook: string): string {
  return `${rulebook.trimEnd()}\n\n${OBJECTIVE}\n`;
}

/**
 * Thrown when a move was lost to the service (time-out, transport, provider error) and the
 * participant's `on_failure` is `replay` or `discard`: the slot under way ends without a result,
 * and the runner replays it later with the same play seed, or records it as discarded.
 */
export class SlotFailureError extends Error {
  constructor(
    readonly mode: 'replay' | 'discard',
    readonly record: LlmMoveRecord,
  ) {
    super(`a move was lost to the service (${record.fallbackReason}); the slot is ${mode === 'replay' ? 'to be played again' : 'discarded'}`);
    this.name = 'SlotFailureError';
  }
}

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
  /** The frozen fallback of the games it plays (default `uniform`). */
  fallbackPolicy?: FallbackPolicy;
}

/** What the agent needs to know about one decision (a subset of the evaluation stack's agent view). */
export interface LlmView {
  seat: number;
  /** Decisions already taken in this game by both seats. */
  ply: number;
  menu: readonly MenuItem[];
  /** The turn prompt (Markdown). */
  prompt: string;
  /** The rulebook (Markdown). */
  rulebook: string;
  /** The agent's own random stream. */
  rng: Rng;
  /** The slot being played, when the runner names it (else the one given to `beginSlot`). */
  slotId?: string;
  /** The hand's table chat in a game that declares chat (the prompt then has its section and the reply may carry a `message`). */
  chat?: ChatView;
}

/** A decision with what the run store records besides the action (the shape of the agent interface's `AgentMove`). */
export interface LlmAgentMove {
  action: Action;
  /** The fallback reason, or null when the model named the action. */
  fallback: string | null;
  /** The move record with `kind: 'llm'` (an {@link LlmMoveRecord}; JSON; keys redacted) and `prompt`, the turn prompt the model was given. */
  extra: Record<string, unknown>;
  /** The table message the reply sent with its move (chat games; not for a fallback move). */
  message?: string;
}

/** An LLM player plus the slot bookkeeping a tournament needs. */
export interface LlmAgent extends Player {
  readonly settings: LlmSettings;
  /** Every move record since the agent was made. */
  readonly records: LlmMoveRecord[];
  /** Decide from a view. */
  decideView(view: LlmView): Promise<LlmAgentMove>;
  /**
   * Start a slot: clears the conversation (mode `match`) and names the slot for the response
   * cache, so a resumed slot gets the replies it already paid for, and equal prompts in different
   * slots stay separate samples.
   */
  beginSlot(slotId: string): void;
  /** End the slot; returns its move records. */
  endSlot(): LlmMoveRecord[];
}

/**
 * Make an LLM agent for a game (loading its provider's SDK unless `options.provider` is given).
 * @throws UserError (a rejection) when the provider's key variable is not set
 */
export async function createLlmAgent(game: Game, settings: LlmSettings, options: LlmAgentOptions = {}): Promise<LlmAgent> {
  const provider = options.provider ?? (await createProvider(settings));
  let rulebook: string | undefined;
  const ctx: DecisionContext = {
    provider,
    settings,
    cache: options.cache,
    spend: options.spend,
    backoffMs: options.backoffMs,
    maxRetryAfterMs: options.maxRetryAfterMs,
    fallbackPolicy: options.fallbackPolicy,
  };
  const records: LlmMoveRecord[] = [];
  let slotId: string | undefined;
  let slotRecords: LlmMoveRecord[] = [];
  // Conversations (mode `match`) per slot and seat: one agent may play several slots at once, and both seats.
  const conversations = new Map<string, { messages: ChatMessage[]; lastPly: number }>();
  let plyInGame = 0;
  const name = options.name ?? `llm:${settings.provider}/${settings.model}`;

  async function decideView(view: LlmView): Promise<LlmAgentMove> {
    const slot = view.slotId ?? slotId;
    const convKey = `${slot ?? ''}#${view.seat}`;
    let conv = conversations.get(convKey);
    // A new game: a new slot, or (without slot names) the ply not growing (it grows between two decisions of a game).
    if (!conv || view.ply <= conv.lastPly) {
      conv = { messages: [], lastPly: view.ply };
      conversations.delete(convKey);
      conversations.set(convKey, conv);
      if (conversations.size > 4096) conversations.delete(conversations.keys().next().value!);
    }
    conv.lastPly = view.ply;
    const { record, conversation: after } = await decide(ctx, {
      seat: view.seat,
      system: llmSystemPrompt(view.rulebook),
      history: settings.conversation === 'match' ? conv.messages : [],
      prompt: view.prompt,
      menu: view.menu,
      rng: view.rng,
      occurrence: slot === undefined ? undefined : `${slot}#${view.seat}#${view.ply}`,
    });
    if (record.fallbackReason && SERVICE_FAILURES.has(record.fallbackReason) && settings.onFailure !== 'fallback')
      throw new SlotFailureError(settings.onFailure, record);
    if (settings.conversation === 'match') conv.messages = after;
    records.push(record);
    slotRecords.push(record);
    options.onMove?.(record);
    // The turn prompt is stored with the record so the match viewer shows what the model was asked.
    // A table message rides with a move the model named (chat games); a fallback move sends none.
    const message = view.chat && !record.fallbackReason ? messageOf(record.raw) : null;
    return {
      action: record.action,
      fallback: record.fallbackReason ?? null,
      extra: { kind: 'llm', ...record, prompt: view.prompt } as Record<string, unknown>,
      ...(message !== null ? { message } : {}),
    };
  }

  return {
    name,
    settings,
    records,
    decideView,
    beginSlot(id: string) {
      slotId = id;
      slotRecords = [];
      plyInGame = 0;
    },
    endSlot() {
      const out = slotRecords;
      slotRecords = [];
      slotId = undefined;
      return out;
    },
    async act(state: GameState, seat: number, rng: Rng): Promise<Action> {
      const obs = state.observation(seat);
      // The ply of this seat's view: the seat's log length orders its decisions within a game.
      const ply = slotId === undefined ? obs.log.length : plyInGame++;
      rulebook ??= renderRulebook(game.ir);
      const move = await decideView({ seat, ply, menu: obs.decision?.menu ?? [], prompt: renderTurnPrompt(obs), rulebook, rng });
      return move.action;
    },
  };
}
