/**
 * The names a game declares, and resolution of names to IR references with diagnostics.
 * Seats and piles share one namespace (a pile is named like a seat's hand); phases and
 * sub-phases share another; variables (including loop counters), positions and ranks have their own.
 */
import type * as A from '../parser/ast.js';
import { error, type Diagnostic, type RelatedLocation } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import type { Deck, PileRef, Seat } from '../ir/schema.js';

/** Where a step sits: inside an auction's prize, `winner` names a seat. */
export interface StepContext {
  inPrize: boolean;
}

export class Scope {
  readonly diagnostics: Diagnostic[] = [];
  seats: string[] = ['Alice', 'Bob'];
  /** Whether the game declares a `button` (table positions are found from it). */
  button = false;
  /** Where the `button` declaration is, when there is one. */
  buttonSpan: A.Span | null = null;
  readonly piles = new Map<string, A.PileDecl>();
  readonly variables = new Map<string, { initial: number; span: A.Span }>();
  readonly positions = new Map<string, A.PositionDecl>();
  /** Phase and sub-phase names → whether it is a sub-phase. */
  readonly phases = new Map<string, { sub: boolean; span: A.Span }>();
  deck: Deck | null = null;

  /** Report an error; `related` names the other places the mistake may be at (a clash's first half). */
  err(code: DiagnosticCode, message: string, span: A.Span, help?: string, related?: RelatedLocation[]): void {
    this.diagnostics.push(error(code, message, span, help, related));
  }

  /** The `button` declaration as a related place of an error a button causes (E0251: either may be the mistake). */
  buttonNote(): RelatedLocation[] | undefined {
    return this.buttonSpan ? [{ range: this.buttonSpan, message: 'the button' }] : undefined;
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

  variable(id: A.Ident): string | null {
    if (this.variables.has(id.name)) return id.name;
    const known = [...this.variables.keys()];
    this.err(
      'E0219',
      `unknown variable '${id.name}'`,
      id.span,
      known.length ? `variables here: ${known.join(', ')}` : `declare it with \`var ${id.name} = 0\``,
    );
    return null;
  }

  position(id: A.Ident): string | null {
    if (this.positions.has(id.name)) return id.name;
    this.err('E0220', `unknown position '${id.name}'`, id.span, `declare it with \`position ${id.name} public\` or \`hidden\``);
    return null;
  }

  /** A rank name (or `top`, the highest-valued rank) → its index in the deck. */
  rank(id: A.Ident): number | null {
    const ranks = this.deck?.ranks ?? [];
    if (id.name === 'top' && ranks.length > 0) {
      let best = 0;
      ranks.forEach((r, i) => {
        if (r.value > ranks[best]!.value) best = i;
      });
      return best;
    }
    const i = ranks.findIndex((r) => r.name === id.name);
    if (i >= 0) return i;
    this.err('E0221', `unknown rank '${id.name}'`, id.span, ranks.length ? `the ranks are ${ranks.map((r) => r.name).join(', ')}` : undefined);
    return null;
  }

  phase(id: A.Ident): string | null {
    const p = this.phases.get(id.name);
    if (p?.sub) return id.name;
    if (p) this.err('E0203', `'${id.name}' is a phase, not a sub-phase: only sub-phases can be called`, id.span);
    else this.err('E0203', `unknown sub-phase '${id.name}'`, id.span, `declare it with \`subphase ${id.name} { … }\``);
    return null;
  }
}
