/**
 * AST → IR: collect the declared names, resolve every reference, apply defaults, and report what
 * is missing, unknown or duplicated. The result keeps a side map from IR objects back to their
 * source spans, so later checks can point at the text.
 */
import type * as A from '../parser/ast.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ChatRules, GameIR, Phase, ScoringRule } from '../ir/schema.js';
import { IR_VERSION } from '../ir/version.js';
import { DEFAULT_CHAT_CHARS, MAX_CHAT_CHARS, MAX_SEATS } from '../ir/schema.js';
import { Scope } from './scope.js';
import { StepLowerer, type SpanMap } from './lower-steps.js';

export type { SpanMap } from './lower-steps.js';

export interface LowerResult {
  /** The IR; null when any diagnostic was reported. */
  ir: GameIR | null;
  /** Source span of each IR phase and step. */
  spans: SpanMap;
  /** The names the game declares (seats, piles, variables, positions, phases), as resolved. */
  scope: Scope;
  diagnostics: Diagnostic[];
}

class Lowerer {
  readonly scope = new Scope();
  readonly spans: SpanMap = new WeakMap();
  readonly steps = new StepLowerer(this.scope, this.spans);

  constructor(private readonly file: A.GameFile) {}

  private get decls(): A.Decl[] {
    return this.file.game.decls;
  }

  private all<K extends A.Decl['kind']>(kind: K): Extract<A.Decl, { kind: K }>[] {
    return this.decls.filter((d): d is Extract<A.Decl, { kind: K }> => d.kind === kind);
  }

  /** Keep the first of each kind of once-only declaration; report the rest. */
  private single<K extends A.Decl['kind']>(kind: K, what: string): Extract<A.Decl, { kind: K }> | undefined {
    const found = this.all(kind);
    for (const dup of found.slice(1))
      this.scope.err('E0205', `${what} is declared twice`, dup.span, undefined, [{ range: found[0]!.span, message: `the first ${what}` }]);
    return found[0];
  }

  lower(): GameIR | null {
    const g = this.file.game;
    const s = this.scope;
    this.declareSeats();
    this.declareNames();
    const button = this.single('Button', '`button`');
    const oddChip = this.single('OddChip', 'the odd-chip rule');
    s.button = button !== undefined;
    s.buttonSpan = button?.span ?? null;
    if (oddChip && !button)
      s.err(
        'E0250',
        '`odd chip left of button` needs a button: declare `button`',
        oddChip.span,
        'add the declaration `button` (the seat holding it is chosen when a hand starts)',
      );
    const chat = this.chat();
    const house = this.house(this.single('House', 'the house'));
    const stacks = this.stacks(this.single('Stack', 'stack'), g, house);
    const deck = this.deck(this.single('Deck', 'deck'), g);
    s.deck = deck;
    const shoe = this.shoe(this.single('Shoe', 'the shoe'), deck);
    const [phases, subphases] = this.phases(g);
    const showdown = this.showdown(this.single('Showdown', 'showdown'), g);
    const generated = this.single('Generated', 'the generator record');
    let origin: GameIR['origin'];
    if (generated) {
      const c = generated.complexity.value;
      if (!(c >= 0 && c <= 1)) s.err('E0216', `complexity must be between 0 and 1, got ${generated.complexity.text}`, generated.complexity.span);
      origin = { generator: generated.generator.value, builderVersion: generated.builder.value, seed: generated.seed.value, complexity: c };
    }
    if (!stacks || !deck || !phases || !showdown || s.diagnostics.length > 0) return null;
    return {
      irVersion: IR_VERSION,
      name: g.name.value,
      ...(origin ? { origin } : {}),
      seats: [...s.seats],
      stacks,
      ...(button ? { button: true as const } : {}),
      ...(oddChip ? { oddChip: 'left-of-button' as const } : {}),
      ...(chat ? { chat } : {}),
      ...(house ? { house } : {}),
      ...(shoe ? { shoe } : {}),
      deck,
      piles: [...s.piles.values()].map((p) => ({ name: p.name.name, visibility: p.visibility })),
      variables: [...s.variables].map(([name, v]) => ({ name, initial: v.initial })),
      positions: [...s.positions.values()].map((p) => ({ name: p.name.name, visibility: p.visibility })),
      phases,
      subphases: subphases ?? [],
      showdown,
    };
  }

  /**
   * Table chat from the `chat` declarations: one of limits (`chat 1 per phase, 4 per hand, max 240`;
   * each limit at most once) and any number of scripted messages (`chat "…"`). Absent: no chat.
   * Defaults: no limit per phase or hand, 240 characters per message.
   */
  private chat(): ChatRules | undefined {
    const decls = this.all('Chat');
    if (decls.length === 0) return undefined;
    const limits = decls.filter((d) => d.message === null);
    for (const dup of limits.slice(1))
      this.scope.err('E0205', 'the chat limits are declared twice', dup.span, 'give every limit in one declaration: chat 1 per phase, 4 per hand, max 240', [
        { range: limits[0]!.span, message: 'the first chat limits' },
      ]);
    const rules: ChatRules = { perPhase: null, perHand: null, maxChars: DEFAULT_CHAT_CHARS, messages: [] };
    const seen = new Map<string, A.ChatLimit>();
    for (const l of limits[0]?.limits ?? []) {
      const first = seen.get(l.what);
      if (first) {
        this.scope.err(
          'E0205',
          `the chat limit '${{ 'per-phase': 'per phase', 'per-hand': 'per hand', 'max-chars': 'max' }[l.what]}' is given twice`,
          l.span,
          undefined,
          [{ range: first.span, message: 'the first one' }],
        );
        continue;
      }
      seen.set(l.what, l);
      const v = l.value.value;
      const max = l.what === 'max-chars' ? MAX_CHAT_CHARS : 1000;
      if (!Number.isInteger(v) || v < 1 || v > max) {
        this.scope.err('E0260', `a chat limit is a whole number from 1 to ${max}, got ${l.value.text}`, l.value.span);
        continue;
      }
      if (l.what === 'per-phase') rules.perPhase = v;
      else if (l.what === 'per-hand') rules.perHand = v;
      else rules.maxChars = v;
    }
    const seats = new Map<string, string[]>();
    for (const d of decls) {
      if (d.message === null) continue;
      const text = d.message.value;
      if (text.trim() === '' || text.length > MAX_CHAT_CHARS) {
        this.scope.err('E0260', `a scripted table message holds 1 to ${MAX_CHAT_CHARS} characters, got ${text.length}`, d.message.span);
        continue;
      }
      const from = d.from;
      if (!from) {
        rules.messages.push(text);
        continue;
      }
      if (this.scope.seats.includes(from.name)) {
        this.scope.err(
          'E0260',
          `'${from.name}' is a seat of the game; a scripted message comes from a scripted seat, a name that is not one of the players`,
          from.span,
        );
        continue;
      }
      if (!seats.has(from.name) && seats.size >= 16) {
        this.scope.err('E0260', 'a table has at most 16 scripted seats', from.span);
        continue;
      }
      seats.set(from.name, [...(seats.get(from.name) ?? []), text]);
    }
    if (seats.size > 0) rules.seats = [...seats].map(([name, messages]) => ({ name, messages }));
    return rules;
  }

  private declareSeats(): void {
    const players = this.single('Players', 'players');
    if (!players) return;
    const n = players.seats.length;
    if (n < 2 || n > MAX_SEATS) {
      this.scope.err(
        'E0211',
        `a game has 2 to ${MAX_SEATS} players, found ${n}`,
        n > MAX_SEATS ? players.seats[MAX_SEATS]!.span : players.span,
        n > MAX_SEATS
          ? `a table seats at most ${MAX_SEATS}: remove ${players.seats
              .slice(MAX_SEATS)
              .map((x) => x.name)
              .join(', ')}`
          : undefined,
      );
      return;
    }
    for (let i = 1; i < n; i++) {
      const first = players.seats.findIndex((x) => x.name === players.seats[i]!.name);
      if (first < i) {
        this.scope.err('E0204', `duplicate seat name '${players.seats[i]!.name}'`, players.seats[i]!.span, undefined, [
          { range: players.seats[first]!.span, message: 'the first seat' },
        ]);
        return;
      }
    }
    this.scope.seats = players.seats.map((x) => x.name);
  }

  /** Piles, variables (and loop counters), positions, phases and sub-phases. */
  private declareNames(): void {
    const s = this.scope;
    // Each duplicate names the first declaration as a related place: either may be the mistake.
    const seatSpan = (name: string) => this.all('Players')[0]?.seats.find((x) => x.name === name)?.span;
    for (const p of this.all('Pile')) {
      const first = s.piles.get(p.name.name)?.name.span ?? seatSpan(p.name.name);
      if (first)
        s.err('E0204', `duplicate name '${p.name.name}': ${s.seats.includes(p.name.name) ? 'a seat' : 'a pile'} already has it`, p.name.span, undefined, [
          { range: first, message: `the first '${p.name.name}'` },
        ]);
      else s.piles.set(p.name.name, p);
    }
    for (const v of this.all('Var')) {
      const first = s.variables.get(v.name.name);
      if (first) s.err('E0204', `duplicate variable '${v.name.name}'`, v.name.span, undefined, [{ range: first.span, message: `the first '${v.name.name}'` }]);
      else s.variables.set(v.name.name, { initial: v.initial.value, span: v.name.span });
    }
    const declared = new Map(s.variables);
    for (const counter of loopCounters(this.decls)) {
      const variable = declared.get(counter.name);
      if (variable)
        s.err('E0204', `loop counter '${counter.name}' has the name of a declared variable`, counter.span, undefined, [
          { range: variable.span, message: `the variable '${counter.name}'` },
        ]);
      else if (!s.variables.has(counter.name)) s.variables.set(counter.name, { initial: 0, span: counter.span });
    }
    for (const p of this.all('Position')) {
      const first = s.positions.get(p.name.name);
      if (first)
        s.err('E0204', `duplicate position '${p.name.name}'`, p.name.span, undefined, [{ range: first.name.span, message: `the first '${p.name.name}'` }]);
      else s.positions.set(p.name.name, p);
    }
    for (const p of this.decls) {
      if (p.kind !== 'Phase' && p.kind !== 'Subphase') continue;
      const prev = s.phases.get(p.name.name);
      if (prev) s.err('E0204', `duplicate phase '${p.name.name}'`, p.name.span, undefined, [{ range: prev.span, message: `the first '${p.name.name}'` }]);
      else s.phases.set(p.name.name, { sub: p.kind === 'Subphase', span: p.name.span });
    }
  }

  /**
   * The house seat and its bank (`house Dealer`, `house Dealer bank 5000`): a seat of `players`, in a
   * game of two seats without a button (the two-seat engine plays it), with at least one player.
   */
  private house(d: A.HouseDecl | undefined): GameIR['house'] | undefined {
    if (!d) return undefined;
    const s = this.scope;
    const seat = s.seat(d.seat);
    if (seat === null) return undefined;
    if (s.seats.length !== 2 || s.button) {
      s.err(
        'E0254',
        `a house is played in a game of two seats without a button (one player and the house); this game has ${s.seats.length} seats${s.button ? ' and a button' : ''}`,
        d.span,
        'seat one player and the house: `players Player, Dealer` with `house Dealer`',
      );
      return undefined;
    }
    const bank = d.bank === null ? ('unlimited' as const) : s.atLeastOne(d.bank, 'the bank');
    return this.spanned({ seat, bank }, d.span);
  }

  /**
   * The shoe (`shoe cut 78`): a cut of 1 to the deck's cards − 1, in a two-seat game without a
   * button (the two-seat engine carries the shoe from hand to hand).
   */
  private shoe(d: A.ShoeDecl | undefined, deck: GameIR['deck'] | null): GameIR['shoe'] | undefined {
    if (!d) return undefined;
    const s = this.scope;
    if (s.seats.length !== 2 || s.button) {
      s.err(
        'E0256',
        `a shoe is carried by the two-seat engine: this game has ${s.seats.length} seats${s.button ? ' and a button' : ''}`,
        d.span,
        'remove `shoe`: every hand of a table game starts from a full deck',
      );
      return undefined;
    }
    if (!deck) return undefined;
    const cards = deck.ranks.length * deck.suits.length * deck.copies;
    const cut = d.cut.value;
    if (cut < 1 || cut >= cards) {
      s.err(
        'E0256',
        `the cut must be from 1 to ${cards - 1} cards (the deck has ${cards}), got ${cut}`,
        d.cut.span,
        'a new shoe is shuffled before a hand when fewer than the cut remain, e.g. `shoe cut 78` for a six-deck shoe',
      );
      return undefined;
    }
    return this.spanned({ cut }, d.span);
  }

  private stacks(d: A.StackDecl | undefined, g: A.GameNode, house: GameIR['house'] | undefined): number[] | null {
    const s = this.scope;
    if (!d) {
      s.err('E0206', 'missing `stack`: give the starting chips, e.g. `stack 10 each`', g.name.span);
      return null;
    }
    // The house's chips are its bank: `stack N each` gives N to each player, and the house's entry is its bank (0 when unlimited).
    const houseChips = (seat: number) => (house && house.seat === seat ? (house.bank === 'unlimited' ? 0 : house.bank) : null);
    if (d.each)
      return this.spanned<number[]>(
        s.seats.map((_, i) => houseChips(i) ?? d.each!.value),
        d.each.span,
      );
    const out: (number | null)[] = s.seats.map((_, i) => houseChips(i));
    for (const e of d.perSeat) {
      const seat = s.seat(e.seat);
      if (seat === null) continue;
      if (house && house.seat === seat) {
        s.err(
          'E0254',
          `${e.seat.name} is the house: its chips are its bank, not a stack`,
          e.span,
          `remove it from \`stack\`; write \`house ${e.seat.name} bank N\` for a bank of N chips`,
        );
        continue;
      }
      if (out[seat] !== null) s.err('E0205', `stack for ${e.seat.name} is given twice`, e.span);
      out[seat] = e.amount.value;
    }
    const missing = s.seats.filter((_, i) => out[i] === null);
    if (missing.length > 0) {
      s.err('E0206', `missing stack for ${missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0]}`, d.span);
      return null;
    }
    return this.spanned<number[]>(out as number[], d.span);
  }

  /** Record where an IR part was written (for the checks' diagnostics) and return it. */
  private spanned<T extends object>(ir: T, span: A.Span): T {
    this.spans.set(ir, span);
    return ir;
  }

  private deck(d: A.DeckDecl | undefined, g: A.GameNode): GameIR['deck'] | null {
    const s = this.scope;
    if (!d) {
      s.err('E0206', 'missing `deck { ranks …; suits … }`', g.name.span);
      return null;
    }
    const once = <K extends A.DeckItem['kind']>(kind: K, what: string) => {
      const found = d.items.filter((i): i is Extract<A.DeckItem, { kind: K }> => i.kind === kind);
      for (const dup of found.slice(1))
        s.err('E0205', `${what} is given twice in the deck`, dup.span, undefined, [{ range: found[0]!.span, message: `the first ${what}` }]);
      return found[0];
    };
    const ranks = once('Ranks', '`ranks`');
    const suits = once('Suits', '`suits`');
    const copies = once('Copies', '`copies`');
    if (!ranks) s.err('E0206', 'the deck has no `ranks`', d.span);
    if (!suits) s.err('E0206', 'the deck has no `suits`', d.span);
    if (!ranks || !suits) return null;
    const seen = new Map<string, A.Span>();
    for (const r of ranks.ranks) {
      const first = seen.get(r.name.name);
      if (first) s.err('E0204', `duplicate rank '${r.name.name}'`, r.name.span, undefined, [{ range: first, message: `the first '${r.name.name}'` }]);
      else seen.set(r.name.name, r.name.span);
    }
    seen.clear();
    for (const x of suits.suits) {
      const first = seen.get(x.name);
      if (first) s.err('E0204', `duplicate suit '${x.name}'`, x.span, undefined, [{ range: first, message: `the first '${x.name}'` }]);
      else seen.set(x.name, x.span);
    }
    // One mistake, one error: the ranks and suits of a second `ranks` or `suits` (reported above)
    // still count as declared, so their uses are not reported again.
    const more = <T>(items: T[], name: (x: T) => string, seen: Set<string>) => items.filter((x) => !seen.has(name(x)) && (seen.add(name(x)), true));
    const rankNames = new Set(ranks.ranks.map((r) => r.name.name));
    const suitNames = new Set(suits.suits.map((x) => x.name));
    const extraRanks = more(
      d.items.flatMap((i) => (i.kind === 'Ranks' && i !== ranks ? i.ranks : [])),
      (r) => r.name.name,
      rankNames,
    );
    const extraSuits = more(
      d.items.flatMap((i) => (i.kind === 'Suits' && i !== suits ? i.suits : [])),
      (x) => x.name,
      suitNames,
    );
    const ir = {
      ranks: [...ranks.ranks, ...extraRanks].map((r) => this.spanned({ name: r.name.name, value: r.value.value }, r.value.span)),
      suits: [...suits.suits, ...extraSuits].map((x) => x.name),
      copies: copies ? s.atLeastOne(copies.count, 'copies') : 1,
    };
    // The deck's size is ranks × suits × copies: a size error points at `copies N` when there are
    // copies; the rank and suit lists have their own spans (for the notes of E0207).
    this.spans.set(ir, copies ? copies.count.span : d.span);
    this.spans.set(ir.ranks, ranks.span);
    this.spans.set(ir.suits, suits.span);
    return ir;
  }

  private phases(g: A.GameNode): [Phase[] | null, Phase[] | null] {
    const decls = this.decls.filter((d): d is A.PhaseDecl | A.SubphaseDecl => d.kind === 'Phase' || d.kind === 'Subphase');
    const main: Phase[] = [];
    const sub: Phase[] = [];
    for (const p of decls) {
      const phase: Phase = { name: p.name.name, steps: this.steps.block(p.steps, { inPrize: false }) };
      this.spans.set(phase, p.name.span);
      (p.kind === 'Phase' ? main : sub).push(phase);
    }
    if (main.length === 0) {
      this.scope.err('E0206', 'the game has no `phase`', g.name.span);
      return [null, sub];
    }
    return [main, sub];
  }

  private showdown(d: A.ShowdownDecl | undefined, g: A.GameNode): GameIR['showdown'] | null {
    const s = this.scope;
    if (!d) {
      s.err('E0206', 'missing `showdown` (e.g. `showdown high-card`)', g.name.span);
      return null;
    }
    if (d.metric === 'high-card') return { metric: 'high-card' };
    /** The pile a showdown's `using NAME` names, when it is a declared public pile (else an error and null). */
    const boardOf = (using: NonNullable<typeof d.using>): string | null => {
      const pile = s.piles.get(using.name);
      if (!pile) {
        s.err('E0202', `unknown pile '${using.name}'`, using.span);
        return null;
      }
      if (pile.visibility !== 'public') {
        s.err('E0214', `the board '${using.name}' must be a public pile`, using.span);
        return null;
      }
      return using.name;
    };
    if (d.metric === 'sum-of-ranks') {
      const rules: ScoringRule[] = [];
      for (const r of d.rules) {
        const rank = s.rank(r.rank);
        if (rank === null) continue;
        const points = r.sign === 'bonus' ? r.points.value : -r.points.value;
        rules.push({ kind: r.per, rank, points });
      }
      return { metric: 'sum-of-ranks', rules };
    }
    if (d.metric === 'poker-hand') {
      const values = new Map<number, A.RankEntry>();
      for (const item of this.decls.filter((x): x is A.DeckDecl => x.kind === 'Deck').flatMap((x) => x.items))
        if (item.kind === 'Ranks')
          for (const r of item.ranks) {
            const first = values.get(r.value.value);
            if (first)
              s.err(
                'E0245',
                `rank '${r.name.name}' has the value ${r.value.value} of another rank: a poker-hand showdown needs distinct rank values`,
                r.span,
                undefined,
                [{ range: first.span, message: `rank '${first.name.name}' has the value ${r.value.value}` }],
              );
            else values.set(r.value.value, r);
          }
      const board = d.using ? boardOf(d.using) : null;
      if (d.using && board === null) return null;
      return { metric: 'poker-hand', board, flushBeatsFullHouse: d.options.includes('flush-beats-full-house'), suited: !d.options.includes('no-suits') };
    }
    const publicPiles = [...s.piles.values()].filter((p) => p.visibility === 'public');
    if (!d.using) {
      s.err(
        'E0214',
        '`pair-with-board` needs the board: write `using NAME`',
        d.span,
        publicPiles.length ? `e.g. \`using ${publicPiles[0]!.name.name}\`` : 'declare one with `pile board public`',
      );
      return null;
    }
    const board = boardOf(d.using);
    return board === null ? null : { metric: 'pair-with-board', board };
  }
}

/** Every `repeat … as NAME` counter in the game, in source order. */
function loopCounters(decls: A.Decl[]): A.Ident[] {
  const out: A.Ident[] = [];
  const walk = (steps: A.StepNode[]) => {
    for (const st of steps) {
      for (const block of childBlocks(st)) walk(block);
      if (st.kind === 'RepeatStep') out.push(st.counter);
    }
  };
  for (const d of decls) if (d.kind === 'Phase' || d.kind === 'Subphase') walk(d.steps);
  return out;
}

/** The nested step blocks of an AST step (branches, loop body, options, outcomes, prize). */
function childBlocks(st: A.StepNode): A.StepNode[][] {
  switch (st.kind) {
    case 'IfStep':
      return [...st.branches.map((b) => b.steps), ...(st.otherwise ? [st.otherwise] : [])];
    case 'EventsStep':
      return st.items.map((b) => b.steps);
    case 'RepeatStep':
      return [st.steps];
    case 'ChoiceStep':
      return st.options.map((o) => o.steps);
    case 'SimultaneousStep':
      return [...st.outcomes.map((o) => o.steps), ...(st.otherwise ? [st.otherwise] : [])];
    case 'AuctionStep':
      return [st.prize];
    default:
      return [];
  }
}

/** Lower a parsed file to IR. `ir` is null when any diagnostic was reported. */
export function lower(file: A.GameFile): LowerResult {
  const l = new Lowerer(file);
  const ir = l.lower();
  return { ir: l.scope.diagnostics.length > 0 ? null : ir, spans: l.spans, scope: l.scope, diagnostics: l.scope.diagnostics };
}
