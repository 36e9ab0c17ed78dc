/**
 * The Handlebars environment of the renderer: templates are read from `src/render/templates`
 * (resolved relative to this module, so it works from `src/render/` under tsx and from
 * `dist/render/` after a build) and compiled once per process.
 *
 * Every `.hbs` file is registered as a partial named by its path without the extension
 * (`steps/deal`, `sections/overview`); `rulebook` and `prompt` are the two entry templates.
 * Partials under `summaries/`, `expr/` and `cond/` are inline phrases (used mid-sentence), so
 * their file's final newline is dropped.
 * Compile options: `noEscape` (the output is Markdown or text, not HTML) and `strict` (a field
 * missing from the view model throws instead of printing nothing).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { createRequire } from 'node:module';
import type HandlebarsNamespace from 'handlebars';
import { chips, englishList, plural, wholeNumber } from './words.js';

/** Directory of the templates. */
export const TEMPLATE_DIR = fileURLToPath(new URL('../../src/render/templates/', import.meta.url));

/** Partials under these folders are inline phrases: the final newline of the file is dropped. */
const INLINE_DIRS = ['summaries/', 'expr/', 'cond/'];

const COMPILE_OPTIONS: CompileOptions = { noEscape: true, strict: true };

/** A compiled template: view model in, text out. */
export type Template = (view: unknown) => string;

/** The loaded environment. */
export interface RenderEngine {
  /** Render an entry template or partial by name, e.g. `rulebook`, `prompt`, `steps/deal`. @throws Error for an unknown name. */
  render(name: string, view: unknown): string;
  /** Names of every template file, without `.hbs`. */
  readonly names: readonly string[];
}

let engine: RenderEngine | null = null;

/** List `*.hbs` files under `dir`, as names relative to it without the extension, `/`-separated. */
export function templateNames(dir: string = TEMPLATE_DIR): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.hbs')) out.push(relative(dir, p).split(sep).join('/').slice(0, -'.hbs'.length));
    }
  };
  walk(dir);
  return out.sort();
}

type Handlebars = typeof HandlebarsNamespace;

/** Handlebars, loaded on first render (a command that renders nothing should not load it). */
function loadHandlebars(): Handlebars {
  // A plain require of the CommonJS package, so that bundlers leave it out of the startup path.
  const load = createRequire(import.meta.url);
  return load('handlebars') as Handlebars;
}

/** Number words of the table sizes. */
const SEAT_COUNT = ['', 'one', 'two', 'three', 'four', 'five', 'six'];

/**
 * The phrases of the `seats` helper: two seats, then a table of more. Two-seat games keep their
 * wording (and their rulebooks) exactly.
 * @throws TypeError for an unknown key (a template bug)
 */
const SEAT_PHRASES: Record<string, (n: number) => readonly [string, string]> = {
  count: (n) => ['two seats', `${SEAT_COUNT[n] ?? n} seats`],
  all: () => ['both seats', 'every seat'],
  All: () => ['Both seats', 'Every seat'],
  hands: () => ['the two hands', 'the hands'],
  allKnow: () => ['both seats always know both stacks', 'every seat always knows every stack'],
  shortCall: () => [
    "the part of the opponent's bet that it cannot match goes back to the opponent",
    'it can win from each other seat only as much as it put in itself: the chips others put in above its all-in form side pots among the seats that matched them, and chips that no other seat matched go back to their owner',
  ],
  foldEnd: () => [
    'as soon as a seat folds (the other seat takes the whole pot and the remaining phases are skipped) or, if nobody folds,',
    'as soon as every seat but one has folded (the seat left takes the whole pot and the remaining phases are skipped) or, if two or more seats are left,',
  ],
  AllSee: () => ['Both seats see', 'Every seat sees'],
  opponentSees: () => ['the opponent sees', 'the other seats see'],
  showHands: () => ['Both hands are turned face up; both seats see them.', 'Every hand still in the pot is turned face up; every seat sees them.'],
};

function seatPhrase(key: string, n: number): string {
  const p = SEAT_PHRASES[key];
  if (!p) throw new TypeError(`render: 'seats' has no phrase '${key}'`);
  return p(n)[n === 2 ? 0 : 1];
}

function registerHelpers(hb: Handlebars): void {
  hb.registerHelper('chips', (n: unknown) => chips(n));
  hb.registerHelper('plural', (n: unknown, singular: unknown, pluralForm: unknown) =>
    typeof pluralForm === 'string' ? plural(n, String(singular), pluralForm) : plural(n, String(singular)),
  );
  hb.registerHelper('list', (items: unknown, conjunction: unknown) => {
    if (!Array.isArray(items)) throw new TypeError(`render: 'list' needs an array, got ${String(items)}`);
    return englishList(items, typeof conjunction === 'string' ? conjunction : 'and');
  });
  hb.registerHelper('inc', (n: unknown) => wholeNumber(n, 'index') + 1);
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('gt', (a: unknown, b: unknown) => wholeNumber(a) > wholeNumber(b));
  hb.registerHelper('minus', (a: unknown, b: unknown) => wholeNumber(a) - wholeNumber(b));
  hb.registerHelper('times', (a: unknown, b: unknown) => wholeNumber(a) * wholeNumber(b));
  hb.registerHelper('isNumber', (v: unknown) => typeof v === 'number' && Number.isFinite(v));
  hb.registerHelper('json', (v: unknown) => JSON.stringify(v));
  hb.registerHelper('cap', (v: unknown) => {
    if (typeof v !== 'string') throw new TypeError(`render: 'cap' needs text, got ${String(v)}`);
    return v.charAt(0).toUpperCase() + v.slice(1);
  });
  // `{{seats "all"}}`: a phrase about the seats, worded for the number of seats of the game rendered
  // (`@root.numSeats`; absent or 2: the two-seat wording).
  hb.registerHelper('seats', (key: unknown, options: { data?: { root?: { numSeats?: unknown } } }) => {
    const n = options.data?.root?.numSeats;
    return seatPhrase(String(key), typeof n === 'number' ? n : 2);
  });
  // boolean helpers: the last argument is Handlebars' options object
  hb.registerHelper('or', (...args: unknown[]) => args.slice(0, -1).some(Boolean));
  hb.registerHelper('and', (...args: unknown[]) => args.slice(0, -1).every(Boolean));
  hb.registerHelper('not', (v: unknown) => !v);
}

/**
 * Load and compile every template (once per process; later calls return the same engine).
 * @throws Error when the template directory cannot be read.
 */
export function renderEngine(): RenderEngine {
  if (engine) return engine;
  const hb = loadHandlebars().create();
  registerHelpers(hb);
  const names = templateNames();
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  for (const name of names) {
    let source = readFileSync(join(TEMPLATE_DIR, `${name}.hbs`), 'utf8');
    if (INLINE_DIRS.some((d) => name.startsWith(d))) source = source.replace(/\r?\n$/, '');
    const template = hb.compile(source, COMPILE_OPTIONS);
    compiled.set(name, template);
    hb.registerPartial(name, template);
  }
  engine = {
    names,
    render(name, view) {
      const t = compiled.get(name);
      if (!t) throw new Error(`render: no template named '${name}' in ${TEMPLATE_DIR}`);
      return t(view);
    },
  };
  return engine;
}
