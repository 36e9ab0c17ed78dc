/**
 * Compiler diagnostics: a code from the catalogue, a message, and where.
 */
import type { DiagnosticCode } from './catalogue.js';

export type Severity = 'error' | 'warning';

/** A position range in a source file; lines and columns are 1-based, offsets 0-based. */
export interface SourceRange {
  start: number;
  end: number;
  line: number;
  column: number;
}

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  range: SourceRange;
  /** Extra lines printed after the excerpt as `= help: …`. */
  help?: string;
  /**
   * Other places the one mistake may be at, printed as `= note: line N: …`: the first of two
   * clashing declarations, the `stack` an ante exceeds, the earlier deals that emptied a pile.
   * The error itself is reported once, at `range`.
   */
  related?: RelatedLocation[];
}

/** A second place a diagnostic involves (see {@link Diagnostic.related}). */
export interface RelatedLocation {
  range: SourceRange;
  /** What is there, e.g. `the first rank with the value 6`. */
  message: string;
}

/** Build an error diagnostic; `related` names the other places the mistake may be at. */
export function error(code: DiagnosticCode, message: string, range: SourceRange, help?: string, related?: RelatedLocation[]): Diagnostic {
  const d: Diagnostic = help === undefined ? { code, severity: 'error', message, range } : { code, severity: 'error', message, range, help };
  if (related && related.length > 0) d.related = related;
  return d;
}

/** Build a warning diagnostic (a `W0xxx` code: the game still compiles). */
export function warning(code: DiagnosticCode, message: string, range: SourceRange, help?: string): Diagnostic {
  return help === undefined ? { code, severity: 'warning', message, range } : { code, severity: 'warning', message, range, help };
}

/** Whether a list holds an error (warnings alone let a game compile). */
export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error');
}

/**
 * Drop the warnings silenced by a `// gbgc-allow W0xxx` comment (several codes may follow,
 * separated by spaces or commas) on the warning's own line, or alone on the line above it.
 * Errors are never silenced.
 */
export function applyAllowComments(source: string, list: Diagnostic[]): Diagnostic[] {
  if (!list.some((d) => d.severity === 'warning')) return list;
  const lines = source.split(/\r\n|\r|\n/);
  const allowed = (line: number): string[] => {
    const m = /\/\/\s*gbgc-allow\s+([A-Za-z0-9,\s]+)$/.exec(lines[line - 1] ?? '');
    return m
      ? m[1]!
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((c) => c.toUpperCase())
      : [];
  };
  const aloneAbove = (line: number): boolean => /^\s*\/\/\s*gbgc-allow\b/.test(lines[line - 2] ?? '');
  return list.filter(
    (d) => d.severity !== 'warning' || !(allowed(d.range.line).includes(d.code) || (aloneAbove(d.range.line) && allowed(d.range.line - 1).includes(d.code))),
  );
}

/** Sort by position, then code, and drop exact duplicates (same code at the same place). */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return [...list]
    .sort((a, b) => a.range.start - b.range.start || a.code.localeCompare(b.code))
    .filter((d) => {
      const key = `${d.code}@${d.range.start}:${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The unknown-name errors (codes) of each namespace a duplicate declaration (E0204) can clash in,
 * recognised by the duplicate's message. Seats and piles share one namespace (scope.ts).
 */
const NAMESPACES: { duplicate: RegExp; unknown: string[] }[] = [
  { duplicate: /^duplicate (?:name|seat name) '/, unknown: ['E0201', 'E0202'] },
  { duplicate: /^(?:duplicate variable|loop counter) '/, unknown: ['E0219'] },
  { duplicate: /^duplicate position '/, unknown: ['E0220'] },
  { duplicate: /^duplicate phase '/, unknown: ['E0203'] },
  { duplicate: /^duplicate rank '/, unknown: ['E0221'] },
];

/** The name an `unknown … 'NAME'` error is about, keyed by namespace (seats and piles share one). */
function unknownKey(d: Diagnostic): string {
  const name = /'([^']+)'/.exec(d.message)?.[1] ?? d.message;
  return d.code === 'E0201' || d.code === 'E0202' ? `seat-or-pile:${name}` : `${d.code}:${name}`;
}

/**
 * One mistake, one diagnostic: a misspelt or removed name makes every use of it unknown. Keep the
 * first error for each unknown name (one per name in its namespace: a seat's name unknown as a
 * seat and as a pile is one error) and list the lines of the other uses in its help; errors about
 * a name declared twice (E0204) give way to the duplicate. A declaration renamed to a name
 * already taken leaves its old name unknown: when a namespace has one duplicate and exactly one
 * unknown name, the unknown name's errors give way to the duplicate (its help names them).
 */
export function mergeUnknownNames(list: Diagnostic[]): Diagnostic[] {
  const first = new Map<string, { d: Diagnostic; lines: number[] }>();
  const out: Diagnostic[] = [];
  // A name declared twice (E0204) makes its uses ambiguous: the duplicate is the one error.
  const duplicated = new Set(
    list
      .filter((d) => d.code === 'E0204')
      .map((d) => /^duplicate \w+ '([^']+)'/.exec(d.message)?.[1])
      .filter((n) => n !== undefined),
  );
  for (const d of [...list].sort((a, b) => a.range.start - b.range.start)) {
    if (d.code !== 'E0204' && [...d.message.matchAll(/'([^']+)'/g)].some((m) => duplicated.has(m[1]!))) continue;
    if (d.severity !== 'error' || !d.message.startsWith('unknown ')) {
      out.push(d);
      continue;
    }
    const key = unknownKey(d);
    const seen = first.get(key);
    if (seen) {
      if (!seen.lines.includes(d.range.line) && d.range.line !== seen.d.range.line) seen.lines.push(d.range.line);
      continue;
    }
    const copy = { ...d };
    first.set(key, { d: copy, lines: [] });
    out.push(copy);
  }
  const absorbed = new Set<Diagnostic>();
  for (const ns of NAMESPACES) {
    const dups = out.filter((d) => d.code === 'E0204' && ns.duplicate.test(d.message));
    const unknown = out.filter((d) => ns.unknown.includes(d.code) && d.message.startsWith('unknown '));
    if (dups.length !== 1 || unknown.length !== 1) continue;
    const [dup, u] = [dups[0]!, unknown[0]!];
    const name = /'([^']+)'/.exec(u.message)![1]!;
    const uses = [u.range.line, ...(first.get(unknownKey(u))?.lines ?? [])];
    const also = `'${name}' is used on line${uses.length > 1 ? 's' : ''} ${uses.join(', ')} but declared nowhere: is this the declaration of '${name}'?`;
    dup.help = dup.help ? `${dup.help}; ${also}` : also;
    absorbed.add(u);
  }
  for (const { d, lines } of first.values()) {
    if (lines.length === 0 || absorbed.has(d)) continue;
    const also = `also used on line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
    d.help = d.help ? `${d.help}; ${also}` : also;
  }
  return out.filter((d) => !absorbed.has(d));
}
