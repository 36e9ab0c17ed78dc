/**
 * AST → IR: resolve names, apply defaults, and report what is missing, unknown or duplicated.
 * The IR keeps a side map from IR objects back to their source spans, so later checks can point
 * at the text.
 */
import type * as A from '../parser/ast.js';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { IR_VERSION, type DealTarget, type GameIR, type Phase, type PileRef, type Seat, type Step } from '../ir/schema.js';

/** Where each IR object came from in the source. */
export type SpanMap = WeakMap<object, A.Span>;

export interface LowerResult {
  ir: GameIR | null;
  spans: SpanMap;
  diagnostics: Diagnostic[];
}

const DEFAULT_SEATS: [string, string] = ['Alice', 'Bob'];

class Lowerer {
  readonly diagnostics: Diagnostic[] = [];
  readonly spans: SpanMap = new WeakMap();
  seats: [string, string] = DEFAULT_SEATS;
  piles = new Map<string, A.PileDecl>();

  constructor(private readonly file: A.GameFile) {}

  err(code: Parameters<typeof error>[0], message: string, span: A.Span, help?: string) {
    this.diagnostics.push(error(code, message, span, help));
  }

  /** Keep the first of each kind of once-only declaration; report the rest. */
  single<K extends A.Decl['kind']>(kind: K, what: string): Extract<A.Decl, { kind: K }> | undefined {
    const found = this.file.game.decls.filter((d): d is Extract<A.Decl, { kind: K }> => d.kind === kind);
    for (const dup of found.slice(1)) this.err('E0205', `${what} is declared twice`, dup.span, `the first one is on line ${found[0]!.span.line}`);
    return found[0];
  }

  seat(id: A.Ident): Seat | null {
    const i = this.seats.indexOf(id.name);
    if (i >= 0) return i as Seat;
    this.err('E0201', `unknown seat '${id.name}'`, id.span, `the seats are ${this.seats.join(', ')}`);
    return null;
  }

  atLeastOne(n: A.NumberLit, what: string): number {
    if (n.value < 1) this.err('E0212', `${what} must be at least 1, got ${n.value}`, n.span);
    return n.value;
  }

  pileRef(ref: A.PileRefNode): PileRef | null {
    if (ref.name === null) return { kind: 'deck' };
    const seat = this.seats.indexOf(ref.name.name);
    if (seat >= 0) return { kind: 'hand', seat: seat as Seat };
    if (this.piles.has(ref.name.name)) return { kind: 'pile', name: ref.name.name };
    const known = ['deck', ...this.seats, ...this.piles.keys()];
    this.err('E0202', `unknown pile '${ref.name.name}'`, ref.name.span, `piles here: ${known.join(', ')} (declare one with \`pile ${ref.name.name} public\`)`);
    return null;
  }

  lower(): GameIR | null {
    const g = this.file.game;
    const players = this.single('Players', 'players');
    if (players) {
      if (players.seats.length !== 2) this.err('E0211', `a game has exactly 2 players, found ${players.seats.length}`, players.span);
      else if (players.seats[0]!.name === players.seats[1]!.name)
        this.err('E0204', `duplicate seat name '${players.seats[1]!.name}'`, players.seats[1]!.span);
      else this.seats = [players.seats[0]!.name, players.seats[1]!.name];
    }
    for (const p of g.decls.filter((d): d is A.PileDecl => d.kind === 'Pile')) {
      if (this.piles.has(p.name.name) || this.seats.includes(p.name.name))
        this.err('E0204', `duplicate name '${p.name.name}': ${this.seats.includes(p.name.name) ? 'a seat' : 'a pile'} already has it`, p.name.span);
      else this.piles.set(p.name.name, p);
    }
    const stacks = this.stacks(this.single('Stack', 'stack'), g);
    const deck = this.deck(this.single('Deck', 'deck'), g);
    const phases = this.phases(g);
    const showdown = this.showdown(this.single('Showdown', 'showdown'), g);
    const generated = this.single('Generated', 'the generator record');
    let origin: GameIR['origin'];
    if (generated) {
      const c = generated.complexity.value;
      if (!(c >= 0 && c <= 1)) this.err('E0216', `complexity must be between 0 and 1, got ${generated.complexity.text}`, generated.complexity.span);
      origin = { generator: generated.generator.value, builderVersion: generated.builder.value, seed: generated.seed.value, complexity: c };
    }
    if (!stacks || !deck || !phases || !showdown || this.diagnostics.length > 0) return null;
    const ir: GameIR = {
      irVersion: IR_VERSION,
      name: g.name.value,
      ...(origin ? { origin } : {}),
      seats: [...this.seats],
      stacks,
      deck,
      piles: [...this.piles.values()].map((p) => ({ name: p.name.name, visibility: p.visibility })),
      phases,
      showdown,
    };
    return ir;
  }

  stacks(d: A.StackDecl | undefined, g: A.GameNode): [number, number] | null {
    if (!d) {
      this.err('E0206', 'missing `stack`: give the starting chips, e.g. `stack 10 each`', g.name.span);
      return null;
    }
    if (d.each) return [d.each.value, d.each.value];
    const out: (number | null)[] = [null, null];
    for (const e of d.perSeat) {
      const s = this.seat(e.seat);
      if (s === null) continue;
      if (out[s] !== null) this.err('E0205', `stack for ${e.seat.name} is given twice`, e.span);
      out[s] = e.amount.value;
    }
    const missing = this.seats.filter((_, i) => out[i] === null);
    if (missing.length > 0) {
      this.err('E0206', `missing stack for ${missing.join(' and ')}`, d.span);
      return null;
    }
    return [out[0]!, out[1]!];
  }

  deck(d: A.DeckDecl | undefined, g: A.GameNode): GameIR['deck'] | null {
    if (!d) {
      this.err('E0206', 'missing `deck { ranks …; suits … }`', g.name.span);
      return null;
    }
    const once = <K extends A.DeckItem['kind']>(kind: K, what: string) => {
      const found = d.items.filter((i): i is Extract<A.DeckItem, { kind: K }> => i.kind === kind);
      for (const dup of found.slice(1)) this.err('E0205', `${what} is given twice in the deck`, dup.span);
      return found[0];
    };
    const ranks = once('Ranks', '`ranks`');
    const suits = once('Suits', '`suits`');
    const copies = once('Copies', '`copies`');
    if (!ranks) this.err('E0206', 'the deck has no `ranks`', d.span);
    if (!suits) this.err('E0206', 'the deck has no `suits`', d.span);
    if (!ranks || !suits) return null;
    const seen = new Set<string>();
    for (const r of ranks.ranks) {
      if (seen.has(r.name.name)) this.err('E0204', `duplicate rank '${r.name.name}'`, r.name.span);
      seen.add(r.name.name);
    }
    seen.clear();
    for (const s of suits.suits) {
      if (seen.has(s.name)) this.err('E0204', `duplicate suit '${s.name}'`, s.span);
      seen.add(s.name);
    }
    return {
      ranks: ranks.ranks.map((r) => ({ name: r.name.name, value: r.value.value })),
      suits: suits.suits.map((s) => s.name),
      copies: copies ? this.atLeastOne(copies.count, 'copies') : 1,
    };
  }

  phases(g: A.GameNode): Phase[] | null {
    const decls = g.decls.filter((d): d is A.PhaseDecl => d.kind === 'Phase');
    if (decls.length === 0) {
      this.err('E0206', 'the game has no `phase`', g.name.span);
      return null;
    }
    const names = new Map<string, A.PhaseDecl>();
    const out: Phase[] = [];
    for (const p of decls) {
      if (names.has(p.name.name)) this.err('E0204', `duplicate phase '${p.name.name}'`, p.name.span, `the first is on line ${names.get(p.name.name)!.span.line}`);
      names.set(p.name.name, p);
      const phase: Phase = { name: p.name.name, steps: p.steps.map((s) => this.step(s)).filter((s): s is Step => s !== null) };
      this.spans.set(phase, p.span);
      out.push(phase);
    }
    return out;
  }

  step(s: A.StepNode): Step | null {
    const st = this.stepInner(s);
    if (st) this.spans.set(st, s.span);
    return st;
  }

  stepInner(s: A.StepNode): Step | null {
    switch (s.kind) {
      case 'ShuffleStep': {
        const pile = this.pileRef(s.pile);
        return pile && { kind: 'shuffle', pile };
      }
      case 'DealStep': {
        const count = this.atLeastOne(s.count, 'the number of cards dealt');
        const from = s.from ? this.pileRef(s.from) : { kind: 'deck' as const };
        const to: DealTarget | null = s.to ? this.pileRef(s.to) : { kind: 'each' };
        if (!from || !to) return null;
        if (JSON.stringify(from) === JSON.stringify(to)) {
          this.err('E0215', 'a deal cannot move cards from a pile into itself', s.span);
          return null;
        }
        // Default face: cards to a public pile are dealt face up, to hands face down.
        const faceUp = s.face !== null ? s.face === 'up' : to.kind === 'pile' && this.piles.get(to.name)?.visibility === 'public';
        return { kind: 'deal', count, from, to, faceUp };
      }
      case 'AnteStep': {
        const amount = this.atLeastOne(s.amount, 'an ante');
        if (s.from === null) return { kind: 'ante', amount, payers: [0, 1] };
        const seat = this.seat(s.from);
        return seat === null ? null : { kind: 'ante', amount, payers: [seat] };
      }
      case 'BettingStep': {
        const once = <K extends A.BettingItem['kind']>(kind: K, what: string) => {
          const found = s.items.filter((i): i is Extract<A.BettingItem, { kind: K }> => i.kind === kind);
          for (const dup of found.slice(1)) this.err('E0205', `${what} is given twice in this betting round`, dup.span);
          return found[0];
        };
        const bet = once('BetSize', '`bet`');
        const cap = once('RaiseCap', '`raises at most`');
        const first = once('FirstActor', '`first`');
        if (!bet) {
          this.err('E0213', 'this betting round has no bet size: add `bet N`', s.span);
          return null;
        }
        const betSize = this.atLeastOne(bet.amount, 'the bet size');
        let raiseCap = 1;
        if (cap) {
          if (cap.count.value < 1) this.err('E0209', `the raise cap must be at least 1 (the opening bet counts), got ${cap.count.value}`, cap.count.span);
          raiseCap = cap.count.value;
        }
        const firstSeat = first ? this.seat(first.seat) : 0;
        if (firstSeat === null) return null;
        return { kind: 'betting', mode: 'fixed', betSize, raiseCap, firstSeat };
      }
    }
  }

  showdown(d: A.ShowdownDecl | undefined, g: A.GameNode): GameIR['showdown'] | null {
    if (!d) {
      this.err('E0206', 'missing `showdown` (e.g. `showdown high-card`)', g.name.span);
      return null;
    }
    if (d.metric === 'high-card') return { metric: 'high-card' };
    const publicPiles = [...this.piles.values()].filter((p) => p.visibility === 'public');
    if (!d.using) {
      this.err('E0214', '`pair-with-board` needs the board: write `using NAME`', d.span, publicPiles.length ? `e.g. \`using ${publicPiles[0]!.name.name}\`` : 'declare one with `pile board public`');
      return null;
    }
    const pile = this.piles.get(d.using.name);
    if (!pile) {
      this.err('E0202', `unknown pile '${d.using.name}'`, d.using.span);
      return null;
    }
    if (pile.visibility !== 'public') {
      this.err('E0214', `the board '${d.using.name}' must be a public pile`, d.using.span);
      return null;
    }
    return { metric: 'pair-with-board', board: d.using.name };
  }
}

/** Lower a parsed file to IR. `ir` is null when any diagnostic was reported. */
export function lower(file: A.GameFile): LowerResult {
  const l = new Lowerer(file);
  const ir = l.lower();
  return { ir: l.diagnostics.length > 0 ? null : ir, spans: l.spans, diagnostics: l.diagnostics };
}
