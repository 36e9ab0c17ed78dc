/**
 * Lowering of steps: one lowering function per AST step kind (a mapped type, so a new step
 * kind without one is a compile error).
 */
import type * as A from '../parser/ast.js';
import type { Actor, DealTarget, FirstSeat, IntExpr, Party, Step, StepOf } from '../ir/schema.js';
import type { Scope, StepContext } from './scope.js';
import { lowerAmount, lowerCond, lowerInt, lowerSeatRef, recordSpans } from './lower-expr.js';

/** Where each IR object came from in the source. */
export type SpanMap = WeakMap<object, A.Span>;

type StepNodeOf<K extends A.StepNode['kind']> = Extract<A.StepNode, { kind: K }>;
type Lowerers = { [K in A.StepNode['kind']]: (node: StepNodeOf<K>, ctx: StepContext) => Step | null };

export class StepLowerer {
  constructor(
    private readonly scope: Scope,
    readonly spans: SpanMap,
  ) {}

  /** Lower a block; steps that fail to lower are dropped (their diagnostics are reported). */
  block(steps: A.StepNode[], ctx: StepContext): Step[] {
    const out: Step[] = [];
    for (const s of steps) {
      const st = (this.lowerers[s.kind] as (n: A.StepNode, c: StepContext) => Step | null)(s, ctx);
      if (st) {
        this.spans.set(st, s.span);
        out.push(st);
      }
    }
    return out;
  }

  private actor(r: A.SeatRefNode, ctx: StepContext): Actor | null {
    if (r.keyword === 'any' || r.keyword === 'each') {
      this.scope.err('E0218', `\`${r.keyword}\` is allowed only in conditions; name one seat here`, r.span);
      return null;
    }
    const s = lowerSeatRef(this.scope, r, ctx);
    return s as Actor | null;
  }

  private party(p: A.PartyNode, ctx: StepContext): Party | null {
    if (p.keyword === 'pot') return { kind: 'pot' };
    if (p.keyword === 'winner') {
      if (!ctx.inPrize) {
        this.scope.err('E0217', "'winner' names a seat only inside an auction's prize", p.span);
        return null;
      }
      return { kind: 'winner' };
    }
    const s = this.scope.seat(p.name!);
    return s === null ? null : { kind: 'seat', seat: s };
  }

  /** E0225 at `MIN..MAX` when the range is empty. @returns whether it was empty */
  private range(min: A.NumberLit, max: A.NumberLit | null, what: string): boolean {
    if (max === null || max.value >= min.value) return false;
    this.scope.err('E0225', `the ${what} range ${min.value}..${max.value} is empty`, { ...min.span, end: max.span.end });
    return true;
  }

  private readonly lowerers: Lowerers = {
    ShuffleStep: (s) => {
      const pile = this.scope.pileRef(s.pile);
      return pile && { kind: 'shuffle', pile };
    },
    DealStep: (s, ctx) => {
      const count = this.scope.atLeastOne(s.count, 'the number of cards dealt');
      const from = s.from ? this.scope.pileRef(s.from) : { kind: 'deck' as const };
      let to: DealTarget | null;
      if (s.winner) {
        if (!ctx.inPrize) {
          this.scope.err('E0217', "'winner' names a seat only inside an auction's prize", s.span);
          return null;
        }
        to = { kind: 'winner' };
      } else to = s.to ? this.scope.pileRef(s.to) : { kind: 'each' };
      if (!from || !to) return null;
      if (JSON.stringify(from) === JSON.stringify(to)) {
        this.scope.err('E0215', 'a deal cannot move cards from a pile into itself', s.span);
        return null;
      }
      if (from.kind === 'hand' && (to.kind === 'each' || to.kind === 'winner')) {
        // `each` and `winner` include the seat whose hand the cards come from.
        this.scope.err(
          'E0215',
          `a deal cannot move cards from a seat's hand ${to.kind === 'each' ? 'to each seat' : 'to the auction winner'}: that seat could receive its own cards; name a pile or the other seat's hand`,
          s.span,
        );
        return null;
      }
      if (s.face === 'down' && to.kind === 'pile' && this.scope.piles.get(to.name)?.visibility === 'public') {
        this.scope.err('E0244', `cards dealt to the public pile '${to.name}' are seen by both seats: they cannot be dealt face down`, s.span);
        return null;
      }
      // Default face: cards to a public pile are dealt face up, to hands face down.
      const faceUp = s.face !== null ? s.face === 'up' : to.kind === 'pile' && this.scope.piles.get(to.name)?.visibility === 'public';
      return { kind: 'deal', count, from, to, faceUp };
    },
    AnteStep: (s) => {
      const amount = this.scope.atLeastOne(s.amount, 'an ante');
      if (s.from === null) return { kind: 'ante', amount, payers: this.scope.seats.map((_, i) => i) };
      const seat = this.scope.seat(s.from);
      return seat === null ? null : { kind: 'ante', amount, payers: [seat] };
    },
    BlindsStep: (s) => {
      const smallAmount = this.scope.atLeastOne(s.smallAmount, 'the small blind');
      const bigAmount = this.scope.atLeastOne(s.bigAmount, 'the big blind');
      if (s.small === null || s.big === null) {
        if (!this.scope.button) {
          this.scope.err(
            'E0250',
            '`blinds SMALL, BIG` places the blinds relative to the button, and this game has none',
            s.span,
            'declare `button`, or name the seats: `blinds Alice 1, Bob 2`',
          );
          return null;
        }
        return { kind: 'blinds', small: 'small-blind', smallAmount, big: 'big-blind', bigAmount };
      }
      if (this.scope.button) {
        this.scope.err(
          'E0251',
          'in a game with a button the blinds move with it: a seat named here would post every hand',
          s.span,
          `write \`blinds ${s.smallAmount.value}, ${s.bigAmount.value}\` (the small blind left of the button, the big blind next; heads-up the button posts the small blind)`,
          this.scope.buttonNote(),
        );
        return null;
      }
      const small = this.scope.seat(s.small);
      const big = this.scope.seat(s.big);
      if (small === null || big === null) return null;
      if (small === big) {
        this.scope.err('E0246', `the small and the big blind must be posted by different seats, both are '${s.small.name}'`, s.big.span);
        return null;
      }
      return { kind: 'blinds', small, smallAmount, big, bigAmount };
    },
    BettingStep: (s, ctx) => this.betting(s, ctx),
    CallStep: (s) => {
      const phase = this.scope.phase(s.phase);
      return phase === null ? null : { kind: 'call', phase };
    },
    IfStep: (s, ctx) => {
      const branches = s.branches.map((b) => this.condBranch(b, ctx));
      if (!branches.every((b) => b !== null)) return null;
      return { kind: 'if', branches: branches as StepOf<'if'>['branches'], otherwise: s.otherwise ? this.block(s.otherwise, ctx) : [] };
    },
    EventsStep: (s, ctx) => {
      const items = s.items.map((b) => this.condBranch(b, ctx));
      if (!items.every((b) => b !== null)) return null;
      return { kind: 'triggers', items: items as StepOf<'triggers'>['items'] };
    },
    RepeatStep: (s, ctx) => {
      const max = this.scope.atLeastOne(s.max, 'the number of rounds');
      const until = s.until ? lowerCond(this.scope, s.until, ctx) : null;
      const steps = this.block(s.steps, ctx);
      if (s.until && !until) return null;
      return { kind: 'repeat', max, counter: s.counter.name, until, steps };
    },
    EndStep: (s) => {
      const winner = s.winner ? this.scope.seat(s.winner) : null;
      if (s.winner && winner === null) return null;
      return { kind: 'end', winner, reason: s.reason.value || 'the game ends' };
    },
    ChoiceStep: (s, ctx) => {
      const seat = this.scope.seat(s.seat);
      const seen = new Set<string>();
      let failed = false;
      const options = s.options.map((o) => {
        if (seen.has(o.name.name)) this.scope.err('E0223', `duplicate option '${o.name.name}'`, o.name.span);
        seen.add(o.name.name);
        let costChance = 1;
        if (o.chance) {
          if (o.chance.value < 1 || o.chance.value > 100) this.scope.err('E0226', `a chance must be from 1% to 100%, got ${o.chance.value}%`, o.chance.span);
          costChance = o.chance.value / 100;
        }
        let cost: number | IntExpr = 0;
        if (o.cost?.kind === 'Number') {
          if (o.cost.value < 1) this.scope.err('E0212', `a cost must be at least 1, got ${o.cost.value}`, o.cost.span);
          cost = o.cost.value;
        } else if (o.cost) {
          // A cost from an expression, worked out when the choice is offered; E0249 and E0223 for it are checked on the IR (checks/choice-costs.ts).
          const e = lowerAmount(this.scope, o.cost, ctx, 'an option cost');
          if (e) {
            recordSpans(this.spans, o.cost, e);
            cost = e;
          } else failed = true;
        }
        return { name: o.name.name, cost, costChance, steps: this.block(o.steps, ctx) };
      });
      // An expression cost may be 0 when the choice is offered; whether it always costs something is decided by checks/choice-costs.ts.
      if (!options.some((o) => typeof o.cost !== 'number' || o.cost === 0 || o.costChance < 1))
        this.scope.err('E0223', 'every option has a certain cost: a seat that cannot pay any of them would have no choice; make one option free', s.span);
      return seat === null || failed ? null : { kind: 'choice', seat, announce: s.announce, options };
    },
    WagerStep: (s, ctx) => {
      const seat = this.scope.seat(s.seat);
      if (s.max && s.max.kind !== 'Number') {
        const min = this.scope.atLeastOne(s.min, 'the smallest wager');
        const max = lowerAmount(this.scope, s.max, ctx, 'the largest wager');
        return seat === null || !max ? null : { kind: 'wager', seat, min, max };
      }
      const maxLit = s.max;
      // One mistake, one error: an empty range is not also a bound below 1.
      const min = this.range(s.min, maxLit, 'wager') ? s.min.value : this.scope.atLeastOne(s.min, 'the smallest wager');
      return seat === null ? null : { kind: 'wager', seat, min, max: maxLit ? maxLit.value : 'stack' };
    },
    MatchStep: (s) => {
      const seat = this.scope.seat(s.seat);
      return seat === null ? null : { kind: 'match', seat };
    },
    SimultaneousStep: (s, ctx) => {
      const names = s.options.map((o) => o.name);
      const dupAt = s.options.findIndex((o, i) => names.indexOf(o.name) !== i);
      const dup = s.options[dupAt];
      // One mistake, one error: an option renamed to another's name leaves the outcomes naming
      // the old name; when exactly one unknown name remains, it is the duplicate's intended name.
      const unknown = [...new Set(s.outcomes.flatMap((o) => [o.first.name, o.second.name]).filter((n) => !names.includes(n)))];
      const renamed = dup && unknown.length === 1 ? unknown[0] : undefined;
      if (dup) {
        const first = s.options[names.indexOf(dup.name)]!;
        const help =
          renamed === undefined ? undefined : `the outcomes name an option '${renamed}' that is not declared: is this option meant to be '${renamed}'?`;
        this.scope.err('E0222', `duplicate option '${dup.name}'`, dup.span, help, [{ range: first.span, message: `the first '${dup.name}'` }]);
      }
      if (names.length < 2) this.scope.err('E0222', 'a simultaneous round needs at least two options', s.span);
      const pairs = new Set<string>();
      const outcomes = s.outcomes.map((o) => {
        for (const n of [o.first, o.second])
          if (!names.includes(n.name) && n.name !== renamed)
            this.scope.err('E0222', `unknown option '${n.name}'`, n.span, `the options are ${names.join(', ')}`);
        const key = `${o.first.name}/${o.second.name}`;
        if (pairs.has(key)) this.scope.err('E0222', `outcome ${key} is given twice`, o.span);
        pairs.add(key);
        return { first: o.first.name, second: o.second.name, steps: this.block(o.steps, ctx) };
      });
      return { kind: 'simultaneous', options: names, outcomes, otherwise: s.otherwise ? this.block(s.otherwise, ctx) : [] };
    },
    AuctionStep: (s) => {
      if (!this.range(s.min, s.max, 'bid')) this.scope.atLeastOne(s.max, 'the largest bid');
      return { kind: 'auction', min: s.min.value, max: s.max.value, tie: 'coinflip', payTo: s.payTo, prize: this.block(s.prize, { inPrize: true }) };
    },
    PeekStep: (s, ctx) => {
      const seat = this.actor(s.seat, ctx);
      const target = this.scope.seat(s.target);
      if (!seat || target === null) return null;
      if (seat.kind === 'seat' && seat.seat === target) this.scope.err('E0229', "a seat peeks at the other seat's hand, not its own", s.span);
      return { kind: 'peek', seat, target, pick: s.pick, visibility: s.visibility };
    },
    RevealStep: (s) => {
      const seat = this.scope.seat(s.seat);
      return seat === null ? null : { kind: 'reveal', seat, what: s.what };
    },
    SwapStep: (s) => {
      const first = this.scope.seat(s.first);
      const second = this.scope.seat(s.second);
      if (first === null || second === null) return null;
      if (first === second) this.scope.err('E0229', 'a swap needs two different seats', s.span);
      return { kind: 'swap', first, second, visibility: s.visibility };
    },
    StealStep: (s, ctx) => {
      const from = this.scope.seat(s.from);
      const seat = this.actor(s.to, ctx);
      if (from === null || !seat) return null;
      if (seat.kind === 'seat' && seat.seat === from) this.scope.err('E0229', 'a seat cannot steal from itself', s.span);
      return { kind: 'steal', seat, from, visibility: s.visibility };
    },
    DiscardStep: (s) => {
      const seat = this.scope.seat(s.seat);
      const count = this.scope.atLeastOne(s.count, 'the number of cards discarded');
      const to = s.to ? this.scope.pileRef(s.to) : null;
      if (seat === null || (s.to && !to)) return null;
      return { kind: 'discard', seat, count, pick: s.pick, to, faceUp: s.face === 'up' };
    },
    PayStep: (s, ctx) => {
      const from = this.party(s.from, ctx);
      const to = this.party(s.to, ctx);
      if (!from || !to) return null;
      if (JSON.stringify(from) === JSON.stringify(to)) {
        this.scope.err('E0229', 'a payment needs a payer and a different payee', s.span);
        return null;
      }
      if (s.amount && s.amount.kind !== 'Number') {
        const value = lowerAmount(this.scope, s.amount, ctx, 'a payment');
        return value && { kind: 'pay', amount: value, from, to };
      }
      const amount = s.amount ? this.scope.atLeastOne(s.amount, 'a payment') : ('all' as const);
      return { kind: 'pay', amount, from, to };
    },
    SidebetStep: (s, ctx) => {
      const seat = this.scope.seat(s.seat);
      const amount = this.scope.atLeastOne(s.amount, 'a side bet');
      const cond = lowerCond(this.scope, s.cond, ctx);
      return seat === null || !cond ? null : { kind: 'sidebet', seat, amount, cond };
    },
    ScoreStep: (s) => {
      const seat = this.scope.seat(s.seat);
      return seat === null ? null : { kind: 'score', seat, delta: s.delta.value };
    },
    AssignStep: (s) => {
      const position = this.scope.position(s.position);
      if (position === null) return null;
      if (s.criterion) return { kind: 'assign', position, criterion: { kind: s.criterion } };
      const seat = this.scope.seat(s.seat!);
      return seat === null ? null : { kind: 'assign', position, criterion: { kind: 'seat', seat } };
    },
    SetStep: (s, ctx) => {
      const variable = this.scope.variable(s.variable);
      const value = lowerInt(this.scope, s.value, ctx);
      return variable === null || !value ? null : { kind: 'set', variable, value };
    },
  };

  private condBranch(b: A.CondBranchNode, ctx: StepContext) {
    const cond = lowerCond(this.scope, b.cond, ctx);
    const steps = this.block(b.steps, ctx);
    return cond ? { cond, check: b.check, steps } : null;
  }

  /**
   * Who acts first in a betting round: a named seat, or the seat left of a table position (which
   * needs a button, E0250); in a game with a button it must be a position (E0251). Default: seat 0.
   */
  private firstSeat(first: A.FirstActorItem | undefined, round: A.BettingStepNode): FirstSeat | null {
    const scope = this.scope;
    if (first?.leftOf) {
      if (scope.button) return { leftOf: first.leftOf };
      scope.err(
        'E0250',
        `\`first left of ${first.leftOf}\` needs a button, and this game has none`,
        first.span,
        'declare `button`, or name the seat: `first Alice`',
      );
      return null;
    }
    if (scope.button) {
      scope.err(
        'E0251',
        first
          ? 'in a game with a button the first seat to act moves with it: a seat named here would act first every hand'
          : 'in a game with a button, say who acts first',
        first?.span ?? round.span,
        'write `first left of big-blind` (the round the blinds open) or `first left of button`',
        scope.buttonNote(),
      );
      return null;
    }
    return first?.seat ? scope.seat(first.seat) : 0;
  }

  /** A number where an expression is not allowed (E0248); an expression gives a placeholder 1 after the error. */
  private wholeNumber(e: A.IntExprNode, what: string): A.NumberLit {
    if (e.kind === 'Number') return e;
    this.scope.err(
      'E0248',
      `${what} must be a whole number, not an expression`,
      e.span,
      'expressions are allowed in `pay`, in the bet size of fixed betting, as the largest wager and as an option cost',
    );
    return { kind: 'Number', value: 1, text: '1', span: e.span };
  }

  private betting(s: A.BettingStepNode, ctx: StepContext): Step | null {
    const once = <K extends A.BettingItem['kind']>(kind: K, what: string) => {
      const found = s.items.filter((i): i is Extract<A.BettingItem, { kind: K }> => i.kind === kind);
      for (const dup of found.slice(1)) this.scope.err('E0205', `${what} is given twice in this betting round`, dup.span);
      return found[0];
    };
    const notHere = (items: (A.BettingItem | undefined)[], mode: string) => {
      for (const i of items) if (i) this.scope.err('E0230', `this setting does not apply to ${mode} betting`, i.span);
    };
    const firstSeat = this.firstSeat(once('FirstActor', '`first`'), s);
    if (s.mode === 'variable') {
      const max = once('MaxBet', '`max`');
      const fallback = once('Fallback', '`fallback bet`');
      const rule = once('RaiseRule', '`raises`');
      // One mistake, one error: of two `bet` settings, one that is not a whole number is the mistake.
      const bets = s.items.filter((i): i is A.BetSizeItem => i.kind === 'BetSize');
      if (bets.length > 1 && bets.some((b) => b.amount.kind !== 'Number')) {
        for (const b of bets) if (b.amount.kind !== 'Number') this.wholeNumber(b.amount, 'the smallest bet of variable betting');
        return null;
      }
      const bet = once('BetSize', '`bet`');
      const cap = s.items.find((i) => i.kind === 'RaiseCap');
      if (bet && !rule && !fallback && cap) {
        // One mistake, one error: `bet N` and `raises at most N` are the settings of fixed betting.
        this.scope.err(
          'E0230',
          'this round has `bet N` and `raises at most N`, the settings of fixed betting: write `betting fixed`, or give variable betting `raises no-limit`, `raises pot-limit` or `fallback bet N`',
          s.span,
        );
        return null;
      }
      if (bet && !rule && !fallback) {
        // One mistake, one error: `bet N` in a variable round without a fallback or a raise rule is the fallback bet misspelt.
        this.scope.err(
          'E0230',
          '`bet N` does not apply to variable betting without `raises no-limit` or `raises pot-limit`: write `fallback bet N` (the fixed bet when a seat cannot bet freely)',
          bet.span,
        );
        notHere([once('RaiseCap', '`raises at most`')], 'variable');
        return null;
      }
      notHere([once('RaiseCap', '`raises at most`')], 'variable');
      if (bet && !rule)
        this.scope.err('E0230', '`bet N` (the smallest bet) applies to variable betting with `raises no-limit` or `raises pot-limit`', bet.span);
      if (rule && max?.amount)
        this.scope.err(
          'E0230',
          `\`max\` does not apply to ${rule.rule} betting: the largest bet is ${rule.rule === 'no-limit' ? 'the whole stack' : 'the pot after the call'}`,
          max.span,
        );
      if (!fallback && !rule) {
        this.scope.err('E0213', 'a variable betting round needs `fallback bet N` (the fixed bet when a seat cannot bet freely)', s.span);
        return null;
      }
      // Without a raise rule `bet` was reported above and plays no part.
      const minBet = bet && rule ? this.scope.atLeastOne(this.wholeNumber(bet.amount, 'the smallest bet of variable betting'), 'the smallest bet') : 1;
      const fallbackBet = fallback ? this.scope.atLeastOne(fallback.amount, 'the fallback bet') : minBet;
      const maxBet = max?.amount ? this.scope.atLeastOne(max.amount, 'the largest bet') : ('stack' as const);
      if (firstSeat === null) return null;
      if (rule) return { kind: 'varbet', firstSeat, max: 'stack', fallbackBet, raises: rule.rule, minBet };
      return { kind: 'varbet', firstSeat, max: maxBet, fallbackBet };
    }
    const bet = once('BetSize', '`bet`');
    const cap = once('RaiseCap', '`raises at most`');
    const fallback = once('Fallback', '`fallback bet`');
    const max = once('MaxBet', '`max`');
    const amount = fallback ?? max;
    if (!bet && amount) {
      // One mistake, one error: `fallback bet N` or `max N` in a fixed round without `bet N` is the bet size.
      this.scope.err('E0230', `\`${fallback ? 'fallback bet' : 'max'}\` does not apply to fixed betting: write \`bet N\` (the bet size)`, amount.span);
      return null;
    }
    notHere([max, fallback, once('RaiseRule', '`raises no-limit` or `raises pot-limit`')], 'fixed');
    if (!bet) {
      this.scope.err('E0213', 'this betting round has no bet size: add `bet N`', s.span);
      return null;
    }
    let betSize: number | IntExpr;
    if (bet.amount.kind === 'Number') betSize = this.scope.atLeastOne(bet.amount, 'the bet size');
    else {
      const value = lowerAmount(this.scope, bet.amount, ctx, 'a bet size');
      if (!value) return null;
      betSize = value;
    }
    let raiseCap = 1;
    if (cap) {
      if (cap.count.value < 1) this.scope.err('E0209', `the raise cap must be at least 1 (the opening bet counts), got ${cap.count.value}`, cap.count.span);
      raiseCap = cap.count.value;
    }
    if (firstSeat === null) return null;
    return { kind: 'betting', mode: 'fixed', betSize, raiseCap, firstSeat };
  }
}
