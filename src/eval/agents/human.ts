/**
 * The `human` agent: a person at a terminal. Each decision shows the seat's view through `show`
 * and reads answers through `ask` until one names a legal action (a menu number or a label).
 * The terminal wiring (describing a turn, parsing an answer) is the `play` command's, passed in
 * by the command line so that this module does not depend on it.
 */
import type { Action, MenuItem, Observation } from '../../interpreter/api.js';
import type { Agent, AgentView } from './agent.js';
import type { ReplyResult } from '../../render/reply.js';

/** How the human agent talks to the person. */
export interface HumanIO {
  /** Print text (the turn, errors). */
  show(text: string): void;
  /** Print a question and resolve to the next line typed. @throws when input has ended */
  ask(question: string): Promise<string>;
  /** Describe the seat's turn (its cards, stacks, the menu). */
  describe(obs: Observation): string;
  /** An answer as an action of the menu, or null. */
  /** Read a typed answer against the legal menu (the turn prompt's reply grammar, `parseReply`). */
  parse(answer: string, menu: readonly MenuItem[]): ReplyResult;
}

export class HumanAgent implements Agent {
  readonly name = 'human';
  private shown = 0;
  constructor(private readonly io: HumanIO) {}
  async act(view: AgentView): Promise<Action> {
    const obs = view.observation;
    if (view.ply === 0 || obs.log.length < this.shown) this.shown = 0;
    for (const e of obs.log.slice(this.shown)) this.io.show(`  ${e.text}\n`);
    this.shown = obs.log.length;
    this.io.show(this.io.describe(obs));
    for (;;) {
      const answer = await this.io.ask('Your move: ');
      const r = this.io.parse(answer, view.menu);
      if (r.ok && view.legal.includes(r.action)) return r.action;
      this.io.show(`${r.ok ? `'${answer.trim()}' is not legal here` : r.message}\n`);
    }
  }
}
