/**
 * IR → `.gbg` source. Compiling the output gives back an IR with the same ruleset hash (tested
 * on every example and on generated games). The text is correct but plain; pass it through
 * `formatSource` for the canonical layout. Used by the generator, which draws games as IR.
 */
import { allSteps, playerSeats } from '../ir/facts.js';
import type { BoolExpr, FirstSeat, GameIR, IntExpr, Party, PileRef, SeatRef, Step, StepHandlers, StepOf } from '../ir/schema.js';

/** Thrown when an IR holds something the language cannot state (e.g. `a - (b - c)`). */
export class DecompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecompileError';
  }
}

/** A string literal: JSON's escapes, plus `\uXXXX` for U+FFFD (a source holding it reads as not UTF-8, E0110) and the line separators. */
const str = (s: string) => JSON.stringify(s).replace(/[\ufffd\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

class Decompiler {
  private readonly counters = new Set<string>();

  constructor(private readonly ir: GameIR) {
    for (const st of allSteps(ir)) if (st.kind === 'repeat') this.counters.add(st.counter);
  }

  seat(s: number): string {
    return this.ir.seats[s]!;
  }

  pile(p: PileRef): string {
    return p.kind === 'deck' ? 'deck' : p.kind === 'hand' ? this.seat(p.seat) : p.name;
  }

  seatRef(r: SeatRef): string {
    return r.kind === 'seat' ? this.seat(r.seat) : r.kind;
  }

  party(p: Party): string {
    return p.kind === 'seat' ? this.seat(p.seat) : p.kind;
  }

  rank(i: number): string {
    const r = this.ir.deck.ranks[i];
    if (!r) throw new DecompileError(`rank index ${i} is out of range`);
    return r.name;
  }

  int(e: IntExpr): string {
    switch (e.kind) {
      case 'int':
        if (e.value < 0) throw new DecompileError(`negative literal ${e.value} in an expression (write 0 - ${-e.value})`);
        return String(e.value);
      case 'var':
        return e.name;
      case 'pot':
        return 'pot';
      case 'stack':
      case 'highest':
      case 'total':
      case 'score':
        return `${e.kind}(${this.seatRef(e.seat)})`;
      case 'handSize':
        return `handsize(${this.seatRef(e.seat)})`;
      case 'size':
        return `size(${this.pile(e.pile)})`;
      case 'pileHighest':
        return `highest(${e.pile})`;
      case 'pileLowest':
        return `lowest(${e.pile})`;
      case 'pileTotal':
        return `total(${e.pile})`;
      case 'add':
      case 'sub':
        if (e.right.kind === 'add' || e.right.kind === 'sub') throw new DecompileError('the right operand of + or - cannot itself be a sum');
        return `${this.int(e.left)} ${e.kind === 'add' ? '+' : '-'} ${this.int(e.right)}`;
      case 'mul':
        // `*` binds tighter than `+`/`-` and the language has no parentheses in numbers.
        if (e.left.kind === 'add' || e.left.kind === 'sub' || e.right.kind === 'add' || e.right.kind === 'sub')
          throw new DecompileError('an operand of * cannot be a sum or a difference');
        if (e.right.kind === 'mul') throw new DecompileError('the right operand of * cannot itself be a product');
        return `${this.int(e.left)} * ${this.int(e.right)}`;
    }
  }

  /** A condition; `level` is the binding strength of the context (0 or, 1 and, 2 not/atom). */
  cond(c: BoolExpr, level = 0): string {
    let text: string;
    let own: number;
    switch (c.kind) {
      case 'or':
      case 'and':
        own = c.kind === 'or' ? 0 : 1;
        text = c.args.map((a) => this.cond(a, own + (a.kind === c.kind ? 1 : 0))).join(` ${c.kind} `);
        break;
      case 'not':
        own = 2;
        text = `not ${this.cond(c.arg, 2)}`;
        break;
      case 'bool':
        return String(c.value);
      case 'cmp':
        return `${this.int(c.left)} ${c.op} ${this.int(c.right)}`;
      case 'has':
        return c.ranks.length === 1
          ? `hand(${this.seatRef(c.seat)}) has ${this.rank(c.ranks[0]!)}`
          : `hand(${this.seatRef(c.seat)}) has any of ${c.ranks.map((r) => this.rank(r)).join(', ')}`;
      case 'hasPair':
        return `hand(${this.seatRef(c.seat)}) has pair`;
      case 'pileHas':
        return c.ranks.length === 1 ? `${c.pile} has ${this.rank(c.ranks[0]!)}` : `${c.pile} has any of ${c.ranks.map((r) => this.rank(r)).join(', ')}`;
      case 'holds':
        return `${this.seatRef(c.seat)} holds ${c.position}`;
    }
    return own < level ? `(${text})` : text;
  }

  block(steps: Step[], indent: string): string {
    if (steps.length === 0) return '{\n' + indent + '}';
    return `{\n${steps.map((s) => `${indent}  ${this.step(s, indent + '  ')}`).join('\n')}\n${indent}}`;
  }

  /** A betting round's first seat: a seat name, or `left of` a table position. */
  private first(f: FirstSeat): string {
    return typeof f === 'number' ? this.seat(f) : `left of ${f.leftOf}`;
  }

  step(s: Step, indent: string): string {
    return (this.steps[s.kind] as (st: Step, ind: string) => string)(s, indent);
  }

  private readonly steps: { [K in keyof StepHandlers<string>]: (s: StepOf<K>, indent: string) => string } = {
    shuffle: (s) => `shuffle ${this.pile(s.pile)}`,
    deal: (s) =>
      `deal ${s.count}${s.from.kind === 'deck' ? '' : ` from ${this.pile(s.from)}`} to ${s.to.kind === 'each' || s.to.kind === 'winner' ? s.to.kind : this.pile(s.to)} face ${s.faceUp ? 'up' : 'down'}`,
    ante: (s) => {
      if (s.payers.length === this.ir.seats.length) {
        if (s.payers.some((p, i) => p !== i)) throw new DecompileError('antes by every seat are in seat order');
        return `ante ${s.amount} each`;
      }
      if (s.payers.length !== 1) throw new DecompileError('an ante is paid by one seat or by each');
      return `ante ${s.amount} from ${this.seat(s.payers[0]!)}`;
    },
    betting: (s) =>
      `betting fixed { bet ${typeof s.betSize === 'object' ? this.int(s.betSize) : s.betSize} raises at most ${s.raiseCap} first ${this.first(s.firstSeat)} }`,
    blinds: (s) =>
      typeof s.small === 'number' && typeof s.big === 'number'
        ? `blinds ${this.seat(s.small)} ${s.smallAmount}, ${this.seat(s.big)} ${s.bigAmount}`
        : `blinds ${s.smallAmount}, ${s.bigAmount}`,
    varbet: (s) => {
      if (s.raises === undefined) return `betting variable { first ${this.first(s.firstSeat)} max ${s.max} fallback bet ${s.fallbackBet} }`;
      if (s.max !== 'stack') throw new DecompileError(`a ${s.raises} round has no \`max\``);
      return `betting variable { first ${this.first(s.firstSeat)} raises ${s.raises} bet ${s.minBet ?? 1} fallback bet ${s.fallbackBet} }`;
    },
    call: (s) => `call ${s.phase}`,
    if: (s, ind) => {
      const parts = s.branches.map((b, i) => `${i === 0 ? 'if' : 'else if'} ${this.cond(b.cond)} ${b.check} ${this.block(b.steps, ind)}`);
      return parts.join(' ') + (s.otherwise.length > 0 ? ` else ${this.block(s.otherwise, ind)}` : '');
    },
    triggers: (s, ind) =>
      `events {\n${s.items.map((b) => `${ind}  when ${this.cond(b.cond)} ${b.check} ${this.block(b.steps, ind + '  ')}`).join('\n')}\n${ind}}`,
    repeat: (s, ind) => `repeat up to ${s.max} rounds as ${s.counter}${s.until ? ` until ${this.cond(s.until)}` : ''} ${this.block(s.steps, ind)}`,
    end: (s) => `end ${s.winner === null ? '' : `winner ${this.seat(s.winner)} `}${str(s.reason)}`,
    choice: (s, ind) => {
      const opts = s.options.map((o) => {
        if (o.cost === 0 && o.costChance !== 1) throw new DecompileError(`option '${o.name}' has a chance but no cost`);
        const pct = Math.round(o.costChance * 100);
        if (Math.abs(pct / 100 - o.costChance) > 1e-12) throw new DecompileError(`option '${o.name}': a cost chance must be a whole percentage`);
        const amount = typeof o.cost === 'object' ? this.int(o.cost) : o.cost > 0 ? String(o.cost) : null;
        const cost = amount !== null ? ` cost ${amount}${o.costChance < 1 ? ` at ${pct}%` : ''}` : '';
        return `${ind}  option ${o.name}${cost} ${this.block(o.steps, ind + '  ')}`;
      });
      return `choice ${this.seat(s.seat)} ${s.announce} {\n${opts.join('\n')}\n${ind}}`;
    },
    wager: (s) => `wager ${this.seat(s.seat)} ${s.min}..${typeof s.max === 'object' ? this.int(s.max) : s.max}`,
    match: (s) => `match ${this.seat(s.seat)}`,
    simultaneous: (s, ind) => {
      const lines = [`${ind}  options ${s.options.join(', ')}`];
      for (const o of s.outcomes) lines.push(`${ind}  outcome ${o.first}/${o.second} ${this.block(o.steps, ind + '  ')}`);
      if (s.otherwise.length > 0) lines.push(`${ind}  otherwise ${this.block(s.otherwise, ind + '  ')}`);
      return `simultaneous {\n${lines.join('\n')}\n${ind}}`;
    },
    auction: (s, ind) =>
      `auction sealed {\n${ind}  bids ${s.min}..${s.max}\n${ind}  tie ${s.tie}\n${ind}  winner pays ${s.payTo}\n${ind}  prize ${this.block(s.prize, ind + '  ')}\n${ind}}`,
    peek: (s) =>
      `peek ${s.seat.kind === 'seat' ? this.seat(s.seat.seat) : 'winner'} at ${s.pick} card of ${this.seat(s.target)} ${s.visibility === 'private' ? 'private' : 'occurrence public'}`,
    reveal: (s) => (s.what === 'hand' ? `reveal hand of ${this.seat(s.seat)}` : `reveal random card of ${this.seat(s.seat)}`),
    swap: (s) => `swap random card between ${this.seat(s.first)} and ${this.seat(s.second)} ${s.visibility}`,
    steal: (s) => `steal random card from ${this.seat(s.from)} to ${s.seat.kind === 'seat' ? this.seat(s.seat.seat) : 'winner'} ${s.visibility}`,
    discard: (s) => `discard ${s.count} ${s.pick} from ${this.seat(s.seat)}${s.to ? ` to ${this.pile(s.to)}` : ''} face ${s.faceUp ? 'up' : 'down'}`,
    pay: (s) => `pay ${typeof s.amount === 'object' ? this.int(s.amount) : s.amount} from ${this.party(s.from)} to ${this.party(s.to)}`,
    sidebet: (s) => `sidebet ${this.seat(s.seat)} ${s.amount} on ${this.cond(s.cond)}`,
    score: (s) => `score ${this.seat(s.seat)} ${s.delta < 0 ? '-' : '+'}${Math.abs(s.delta)}`,
    assign: (s) => `assign ${s.position} to ${s.criterion.kind === 'seat' ? this.seat(s.criterion.seat) : s.criterion.kind}`,
    set: (s) => `set ${s.variable} = ${this.int(s.value)}`,
  };

  game(): string {
    const ir = this.ir;
    const out: string[] = [`game ${str(ir.name)} {`];
    if (ir.origin)
      out.push(
        `  generated { generator ${str(ir.origin.generator)} builder ${str(ir.origin.builderVersion)} seed ${ir.origin.seed} complexity ${numberText(ir.origin.complexity)} }`,
      );
    out.push(`  players ${ir.seats.join(', ')}`);
    // The house's chips are its bank (`house … bank`), not an entry of `stack`.
    const players = playerSeats(ir);
    out.push(
      players.every((i) => ir.stacks[i] === ir.stacks[players[0]!])
        ? `  stack ${ir.stacks[players[0]!]} each`
        : `  stack ${players.map((i) => `${ir.seats[i]} ${ir.stacks[i]}`).join(', ')}`,
    );
    if (ir.button) out.push('  button');
    if (ir.oddChip) out.push('  odd chip left of button');
    if (ir.chat) {
      const c = ir.chat;
      out.push(
        `  chat ${[...(c.perPhase === null ? [] : [`${c.perPhase} per phase`]), ...(c.perHand === null ? [] : [`${c.perHand} per hand`]), `max ${c.maxChars}`].join(', ')}`,
      );
      for (const m of c.messages) out.push(`  chat ${str(m)}`);
      for (const s of c.seats ?? []) for (const m of s.messages) out.push(`  chat ${str(m)} from ${s.name}`);
    }
    if (ir.house) out.push(`  house ${ir.seats[ir.house.seat]} bank ${ir.house.bank}`);
    if (ir.shoe) out.push(`  shoe cut ${ir.shoe.cut}`);
    const ranks = ir.deck.ranks.map((r) => `${r.name} = ${r.value}`).join(', ');
    out.push(`  deck {\n    ranks ${ranks}\n    suits ${ir.deck.suits.join(', ')}\n    copies ${ir.deck.copies}\n  }`);
    for (const p of ir.piles) out.push(`  pile ${p.name} ${p.visibility}`);
    for (const v of ir.variables) if (!this.counters.has(v.name)) out.push(`  var ${v.name} = ${v.initial}`);
    for (const p of ir.positions) out.push(`  position ${p.name} ${p.visibility}`);
    for (const p of ir.phases) out.push(`  phase ${p.name} ${this.block(p.steps, '  ')}`);
    for (const p of ir.subphases) out.push(`  subphase ${p.name} ${this.block(p.steps, '  ')}`);
    const sd = ir.showdown;
    if (sd.metric === 'high-card') out.push('  showdown high-card');
    else if (sd.metric === 'pair-with-board') out.push(`  showdown pair-with-board using ${sd.board}`);
    else if (sd.metric === 'poker-hand')
      out.push(
        `  showdown poker-hand${sd.board === null ? '' : ` using ${sd.board}`}${sd.flushBeatsFullHouse ? ' flush-beats-full-house' : ''}${sd.suited ? '' : ' no-suits'}`,
      );
    else {
      const rules = sd.rules.map(
        (r) => `    ${r.points < 0 ? 'penalty' : 'bonus'} ${Math.abs(r.points)} ${r.kind === 'pair' ? 'for pair of' : 'per'} ${this.rank(r.rank)}`,
      );
      out.push(rules.length ? `  showdown sum-of-ranks {\n${rules.join('\n')}\n  }` : '  showdown sum-of-ranks');
    }
    out.push('}');
    return `${out.join('\n')}\n`;
  }
}

/** A number as `.gbg` writes it: integers plainly, others with a decimal point. */
function numberText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(n);
}

/**
 * The `.gbg` source of a game.
 * @throws DecompileError when the IR holds something the language cannot state.
 */
export function decompile(ir: GameIR): string {
  return new Decompiler(ir).game();
}
