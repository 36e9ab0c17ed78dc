/**
 * Table chat in a match: the game's declared chat rules (`chat …` in the `.gbg`, the IR's `chat`)
 * enforced hand by hand. Scripted table messages are delivered when a hand begins. The table's
 * speakers (the game's seats other than the house, then its scripted seats, `chat "…" from Name`)
 * take turns in an order that rotates by one each hand (hand h starts at speaker h mod m): a
 * scripted seat's messages are delivered at its turn, before the hand's first decision when it
 * comes before every seat of the game in that order, else as soon as the seats before it have made
 * their first decision of the hand; a seat's turn passes with its first decision. So every scripted
 * message is delivered before the hand's chance settles the bets (the league roulette's "delivered
 * to all seats before bets lock, turn order rotating each spin"). A seat's message
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
  /** This hand's turn order: a seat of the game (a number) or a scripted seat (its name). */
  private order: (number | string)[] = [];
  /** The next turn of {@link order} not yet taken. */
  private next = 0;
  private spoken = new Set<number>();

  /**
   * @param seats the game's seats
   * @param house the house's seat (it never speaks), or null
   */
  constructor(
    readonly rules: ChatRules,
    private readonly seats: number,
    private readonly house: number | null = null,
  ) {
    this.startHand();
  }

  /**
   * The speakers' turn order in hand `hand` (see the module comment): the game's seats other than the
   * house, then the scripted seats, rotated to start at speaker `hand mod m`.
   */
  turnOrder(hand: number): (number | string)[] {
    const speakers: (number | string)[] = [
      ...Array.from({ length: this.seats }, (_, s) => s).filter((s) => s !== this.house),
      ...(this.rules.seats ?? []).map((x) => x.name),
    ];
    const k = hand % speakers.length;
    return [...speakers.slice(k), ...speakers.slice(0, k)];
  }

  /** Begin hand `hand` (default 0): counts reset, the scripted table messages delivered, then the scripted seats whose turn comes first. */
  startHand(hand = 0): void {
    this.log = this.rules.messages.map((text) => ({ seat: null, phase: null, text }));
    this.perHand = new Array<number>(this.seats).fill(0);
    this.perPhase.clear();
    this.order = this.turnOrder(hand);
    this.next = 0;
    this.spoken.clear();
    this.deliverTurns();
  }

  /** A seat made a decision: its first of the hand ends its turn, and the scripted seats after it speak. */
  decided(seat: number): void {
    if (this.spoken.has(seat)) return;
    this.spoken.add(seat);
    this.deliverTurns();
  }

  /** Take the turns that can be taken: scripted seats speak, seats that have decided pass. */
  private deliverTurns(): void {
    while (this.next < this.order.length) {
      const t = this.order[this.next];
      if (typeof t === 'number') {
        if (!this.spoken.has(t)) return;
      } else for (const text of this.rules.seats!.find((x) => x.name === t)!.messages) this.log.push({ seat: null, phase: null, text, from: t });
      this.next++;
    }
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
