/**
 * Table chat in a match: the game's declared chat rules (`chat …` in the `.gbg`, the IR's `chat`)
 * enforced hand by hand. Scripted table messages are delivered when a hand begins; a seat's message
 * comes with its move and is accepted (delivered to every seat) or refused with the reason, within
 * the limits per seat per phase, per seat per hand and of characters per message (Unicode code
 * points). Counts and the log start afresh each hand. Every offered message is recorded with its
 * move, accepted or not.
 */
import type { ChatRules } from '../../ir/schema.js';
import { chatLength, type ChatLine, type ChatView } from '../../render/chat.js';
import type { ChatRecord } from '../store/store.js';

/** The chat of one table, hand by hand. */
export class TableChat {
  private log: ChatLine[] = [];
  private perHand: number[] = [];
  private perPhase = new Map<string, number>();

  constructor(
    readonly rules: ChatRules,
    private readonly seats: number,
  ) {
    this.startHand();
  }

  /** Begin a hand: counts reset, the scripted table messages delivered. */
  startHand(): void {
    this.log = this.rules.messages.map((text) => ({ seat: null, phase: null, text }));
    this.perHand = new Array<number>(this.seats).fill(0);
    this.perPhase.clear();
  }

  /** What `seat` knows of the chat when it decides in `phase`. */
  view(seat: number, phase: string): ChatView {
    const r = this.rules;
    return {
      rules: r,
      log: this.log.slice(),
      remaining: {
        phase: r.perPhase === null ? null : Math.max(0, r.perPhase - (this.perPhase.get(`${seat}\u0000${phase}`) ?? 0)),
        hand: r.perHand === null ? null : Math.max(0, r.perHand - this.perHand[seat]),
      },
    };
  }

  /**
   * Offer `seat`'s message, sent with its move in `phase`: delivered when within the limits,
   * otherwise refused with the reason. Either way the record is returned for the move.
   */
  offer(seat: number, phase: string, text: string): ChatRecord {
    const r = this.rules;
    const refuse = (reason: string): ChatRecord => ({ text, accepted: false, reason });
    if (text.trim() === '') return refuse('an empty message');
    const len = chatLength(text);
    if (len > r.maxChars) return refuse(`${len} characters, over the limit of ${r.maxChars} per message`);
    const key = `${seat}\u0000${phase}`;
    const inPhase = this.perPhase.get(key) ?? 0;
    if (r.perHand !== null && this.perHand[seat] >= r.perHand)
      return refuse(`message ${this.perHand[seat] + 1} of this seat in this hand, over the limit of ${r.perHand} per hand`);
    if (r.perPhase !== null && inPhase >= r.perPhase)
      return refuse(`message ${inPhase + 1} of this seat in phase ${phase}, over the limit of ${r.perPhase} per phase`);
    this.perPhase.set(key, inPhase + 1);
    this.perHand[seat]++;
    this.log.push({ seat, phase, text });
    return { text, accepted: true, reason: null };
  }
}
