/**
 * The lazy {@link AgentView} of a decision: each field is computed on first read and cached.
 */
import type { Action, Game, GameState, MenuItem, Observation } from '../../interpreter/api.js';
import { legalActionKinds } from '../../algorithms/l0.js';
import { renderRulebook } from '../../render/rulebook.js';
import { renderTurnPrompt } from '../../render/prompt.js';
import type { Rng } from '../../util/rng.js';
import { renderChatSection, type ChatView } from '../../render/chat.js';
import type { AgentView } from './agent.js';

const rulebooks = new WeakMap<Game, string>();

/** The rulebook of a game (Markdown), rendered once per game object. */
export function rulebookOf(game: Game): string {
  let text = rulebooks.get(game);
  if (text === undefined) {
    text = renderRulebook(game.ir, 'md');
    rulebooks.set(game, text);
  }
  return text;
}

/** A view of `state` for `seat`, which must be the seat to move. */
export class LazyView implements AgentView {
  private _legal?: Action[];
  private _labels?: string[];
  private _kinds?: number[];
  private _key?: string;
  private _obs?: Observation;
  private _prompt?: string;

  constructor(
    private readonly state: GameState,
    readonly seat: number,
    readonly game: Game,
    readonly rng: Rng,
    readonly ply: number,
    readonly slotId?: string,
    readonly chat?: ChatView,
  ) {}

  get legal(): readonly Action[] {
    return (this._legal ??= this.state.legalActions());
  }
  get labels(): readonly string[] {
    return (this._labels ??= this.legal.map((a) => this.state.actionToString(this.seat, a)));
  }
  get kinds(): readonly number[] {
    return (this._kinds ??= legalActionKinds(this.state, this.legal));
  }
  get infoKey(): string {
    return (this._key ??= this.state.informationStateKey(this.seat));
  }
  get observation(): Observation {
    return (this._obs ??= this.state.observation(this.seat));
  }
  get menu(): readonly MenuItem[] {
    return this.observation.decision?.menu ?? [];
  }
  get prompt(): string {
    return (this._prompt ??= this.chat
      ? `${renderTurnPrompt(this.observation)}\n\n${renderChatSection(this.chat, this.game.ir.seats)}\n`
      : renderTurnPrompt(this.observation));
  }
  get rulebook(): string {
    return rulebookOf(this.game);
  }
}
