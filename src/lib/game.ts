/**
 * The library surface: load a game from a path or source text and play it by action labels.
 *
 * A {@link LabeledGame} wraps a compiled game; its states ({@link LabeledState}) add label-based
 * methods (`legalActionLabels`, `applyLabel`, `chanceOutcomeByLabel`, `turnPrompt`) on top of the
 * OpenSpiel-style integer API, so scripts never map action numbers by hand (an action number means
 * different things at different nodes).
 */
import { existsSync, readFileSync } from 'node:fs';
import { compileSource } from '../compiler/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { formatDiagnostics } from '../diagnostics/format.js';
import type { GameIR } from '../ir/schema.js';
import {
  CHANCE,
  IllegalActionError,
  TERMINAL,
  type Action,
  type ChanceOutcome,
  type Game,
  type GameState,
  type Observation,
  type PlayerId,
  type TableOptions,
} from '../interpreter/api.js';
import { compileAnyGame } from '../interpreter/game.js';
import { renderTurnPrompt } from '../render/prompt.js';
import type { RenderFormat } from '../render/rulebook.js';
import { UserError } from '../util/errors.js';

/**
 * Thrown by {@link loadGame} when the source does not compile. `diagnostics` holds every problem
 * found (code, message, span); `message` is the compiler-style text (`file:line:col: error[CODE]: …`
 * with excerpts and carets).
 */
export class GameLoadError extends UserError {
  constructor(
    readonly file: string,
    readonly diagnostics: readonly Diagnostic[],
    message: string,
  ) {
    super(message);
    this.name = 'GameLoadError';
  }
}

/**
 * Thrown by {@link LabeledState.applyLabel} and {@link LabeledState.chanceOutcomeByLabel} for a
 * label that is not legal at the node; names the legal labels ("raise is not legal here; legal:
 * fold, call"). An {@link IllegalActionError}, so one `catch` serves both APIs.
 */
export class IllegalLabelError extends IllegalActionError {
  constructor(
    readonly label: string,
    readonly legalLabels: readonly string[],
    legal: readonly Action[],
  ) {
    super(-1, legal, `${label} is not legal here; legal: ${legalLabels.join(', ') || 'none (the game is over)'}`);
    this.name = 'IllegalLabelError';
  }
}

const norm = (label: string): string => label.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A game state with label-based methods. Every method of the integer {@link GameState} API is
 * available too (`currentPlayer`, `legalActions`, `applyAction`, `chanceOutcomes`, `returns`,
 * `informationStateKey`, `observation`, …); `clone()` returns a {@link LabeledState}.
 */
export class LabeledState implements GameState {
  constructor(
    /** The underlying interpreter state (advanced in place by `apply*`). */
    readonly state: GameState,
  ) {}

  currentPlayer(): PlayerId {
    return this.state.currentPlayer();
  }
  legalActions(): Action[] {
    return this.state.legalActions();
  }
  chanceOutcomes(): ChanceOutcome[] {
    return this.state.chanceOutcomes();
  }
  applyAction(a: Action): void {
    this.state.applyAction(a);
  }
  clone(): LabeledState {
    return new LabeledState(this.state.clone());
  }
  isTerminal(): boolean {
    return this.state.isTerminal();
  }
  /** Chips won per seat (final stack − starting stack), one entry per seat; sums to 0. */
  returns(): number[] {
    return this.state.returns();
  }
  informationStateKey(seat: number): string {
    return this.state.informationStateKey(seat);
  }
  observation(seat: number): Observation {
    return this.state.observation(seat);
  }
  actionToString(player: PlayerId, a: Action): string {
    return this.state.actionToString(player, a);
  }
  chips(): { stacks: number[]; pot: number } {
    return this.state.chips();
  }

  /** Whether the node is a chance node. */
  isChanceNode(): boolean {
    return this.state.currentPlayer() === CHANCE;
  }

  /**
   * Labels of the legal actions, in the order of `legalActions()`: at a decision, the menu labels
   * (`fold`, `call`, `raise`, `bet 3`, an option's name, …); at a chance node, the outcome names
   * (`K of hearts`, …); at a terminal node, `[]`.
   */
  legalActionLabels(): string[] {
    const p = this.state.currentPlayer();
    if (p === TERMINAL) return [];
    return this.state.legalActions().map((a) => this.state.actionToString(p, a));
  }

  /**
   * Apply the decision whose label is `label` (compared ignoring case and repeated spaces).
   * @throws IllegalLabelError when no legal action has that label, or the node is not a decision.
   */
  applyLabel(label: string): void {
    const p = this.state.currentPlayer();
    if (p === CHANCE) throw new IllegalLabelError(label, this.legalActionLabels(), this.safeLegal());
    this.state.applyAction(this.actionFor(label));
  }

  /**
   * The chance outcome named `label` (e.g. `K of hearts`) and its exact probability, to force a
   * deal with `applyAction(outcome.action)`.
   * @throws IllegalLabelError when the node is not a chance node or no outcome has that name.
   */
  chanceOutcomeByLabel(label: string): { action: Action; probability: number } {
    if (this.state.currentPlayer() !== CHANCE) throw new IllegalLabelError(label, this.legalActionLabels(), this.safeLegal());
    const want = norm(label);
    for (const [action, probability] of this.state.chanceOutcomes()) {
      if (norm(this.state.actionToString(CHANCE, action)) === want) return { action, probability };
    }
    throw new IllegalLabelError(label, this.legalActionLabels(), this.safeLegal());
  }

  /**
   * The turn prompt the seat to move would be shown (Markdown by default), as agents and language
   * models receive it: state summary, visible history, the decision and its legal menu, the reply format.
   * At a node that is not `seat`'s decision the prompt has no menu.
   */
  turnPrompt(seat: number, format: RenderFormat = 'md'): string {
    return renderTurnPrompt(this.state.observation(seat), format);
  }

  private safeLegal(): Action[] {
    return this.state.currentPlayer() === TERMINAL ? [] : this.state.legalActions();
  }

  private actionFor(label: string): Action {
    const p = this.state.currentPlayer();
    const legal = this.safeLegal();
    const want = norm(label);
    const labels = legal.map((a) => this.state.actionToString(p, a));
    const i = labels.findIndex((l) => norm(l) === want);
    if (p === TERMINAL || i < 0) throw new IllegalLabelError(label, labels, legal);
    return legal[i];
  }
}

/** A compiled game whose states are {@link LabeledState}s. */
export class LabeledGame implements Game {
  constructor(
    /** The compiled game: the interpreter's for a two-seat game, the table engine's for a table (3 to 6 seats, or a button). */
    readonly compiled: Game,
    /** The `.gbg` source it was compiled from, when it was loaded from text. */
    readonly source?: string,
  ) {}
  /** The typed IR. */
  get ir(): GameIR {
    return this.compiled.ir;
  }
  /** Seats at the table (2 … 6). */
  get numSeats(): number {
    return this.compiled.numSeats;
  }
  /** SHA-256 of the IR's canonical JSON: the name of these exact rules. */
  get rulesetHash(): string {
    return this.compiled.rulesetHash;
  }
  /** Seat names, seat 0 first. */
  get seatNames(): string[] {
    return [...this.compiled.ir.seats];
  }
  /**
   * A fresh state at the start of the game (before the first chance node).
   * @param options the seat holding the button and the starting stacks of this hand (see `TableOptions`)
   * @throws RangeError when the options are invalid for this game
   */
  newInitialState(options?: TableOptions): LabeledState {
    return new LabeledState(this.compiled.newInitialState(options));
  }
}

/**
 * Load a game from a `.gbg` file path or from `.gbg` source text (text is recognised by containing
 * a line break, or by `game "` when no such file exists; anything else is read as a path).
 * @param pathOrSource a file path, or the source itself
 * @param options.name the file name shown in diagnostics when `pathOrSource` is source text
 * @throws GameLoadError (a UserError) carrying the diagnostics when the source does not compile
 * @throws UserError when the path cannot be read
 */
export function loadGame(pathOrSource: string, options: { name?: string } = {}): LabeledGame {
  const isSource = pathOrSource.includes('\n') || (!existsSync(pathOrSource) && /\bgame\s*"/.test(pathOrSource));
  let source: string;
  let file: string;
  if (isSource) {
    source = pathOrSource;
    file = options.name ?? '<source>';
  } else {
    file = pathOrSource;
    try {
      source = readFileSync(pathOrSource, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UserError(`cannot read ${pathOrSource}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}`);
    }
  }
  const r = compileSource(source);
  if (!r.ir) throw new GameLoadError(file, r.diagnostics, formatDiagnostics(file, source, r.diagnostics).trimEnd());
  return new LabeledGame(compileAnyGame(r.ir), source);
}
