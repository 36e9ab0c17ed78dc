/**
 * `sample(seed, complexity)`: a generated game as IR and as formatted `.gbg` source — a pure
 * function of (seed, complexity, builder version) (GENSTRAT v2, Appendix A: "G = reconstruct(s)
 * exactly reproduces any game from its seed s given the builder version hash").
 *
 * The draw uses one seedrandom Alea stream seeded with the text
 * `gbgc-sampler/<BUILDER_VERSION>/<seed>/<complexity>` (the complexity written as JavaScript's
 * shortest round-trip decimal), and nothing else: no `Math.random`, no clock, no global state.
 * Reconstruction needs the same builder version: bump {@link BUILDER_VERSION} whenever a change
 * alters what any (seed, complexity) draws.
 */
import type { GameIR, Step } from '../ir/schema.js';
import { IR_VERSION } from '../ir/version.js';
import { rulesetHash } from '../ir/hash.js';
import { anyCheckReports, CHECKS, compileSource, irDiagnostics, type CheckRecord } from '../compiler/index.js';
import { decompile } from '../format/decompile.js';
import { visitSteps } from '../ir/walk.js';
import { formatParsed } from '../format/format-source.js';
import { sameTokens } from '../parser/parse.js';
import type { GameFile } from '../parser/ast.js';
import { Builder } from './context.js';
import { DEFAULT_BUILDER, Dial, type BuilderName } from './dial.js';
import { Draw } from './draw.js';
import { SEATS } from './names.js';
import { repairDeck } from './repair.js';
import { publicizeGiveaways } from './privacy.js';
import { drawPlan, realize } from './structure.js';

/** Name of this generator, recorded in every game's `generated { … }` header. */
export const GENERATOR = 'gbgc-sampler';
/**
 * Version of each builder's draw: the same (seed, complexity) gives the same game only under the
 * same version. `coherent` is version 2 unchanged (its games are the ones version 2 drew);
 * `paper` is version 3 unchanged (the default of version 3); `graph`, the default, is version 4.
 */
export const BUILDER_VERSIONS: Readonly<Record<BuilderName, string>> = { graph: '4', paper: '3', coherent: '2' };
/** Version of the default builder (`graph`). */
export const BUILDER_VERSION = BUILDER_VERSIONS[DEFAULT_BUILDER];
/** The builder a version names (undefined for a version no builder here draws). */
export function builderOfVersion(version: string): BuilderName | undefined {
  return (Object.keys(BUILDER_VERSIONS) as BuilderName[]).find((b) => BUILDER_VERSIONS[b] === version);
}
/** Largest seed: seeds are whole numbers from 0 to 10^9, the largest number a `.gbg` file may write. */
export const MAX_SEED = 1_000_000_000;

/** A sampled game. */
export interface SampledGame {
  /** The game as compiled from {@link source} (identical to the drawn IR). */
  ir: GameIR;
  /** Formatted `.gbg` source with a header comment and the `generated { … }` record. */
  source: string;
  /** SHA-256 of the IR's canonical JSON; compiling `source` gives the same. */
  rulesetHash: string;
  seed: number;
  complexity: number;
  builderVersion: string;
}

/** Thrown when the generator produced something the compiler rejects or that does not round-trip: a bug in the generator. */
export class SamplerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SamplerError';
  }
}

/**
 * Check a (seed, complexity) pair.
 * @throws RangeError when the seed is not a whole number in [0, 10^9] or the complexity not in [0, 1].
 */
export function checkSeed(seed: number, complexity: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw new RangeError(`seed must be a whole number from 0 to ${MAX_SEED}, got ${seed}`);
  if (!(complexity >= 0 && complexity <= 1)) throw new RangeError(`complexity must be a number from 0 to 1, got ${complexity}`);
}

/** The string seed of the draw's random stream (the builder's version in it). */
export function streamSeed(seed: number, complexity: number, builder: BuilderName = DEFAULT_BUILDER): string {
  return `${GENERATOR}/${BUILDER_VERSIONS[builder]}/${seed}/${String(complexity)}`;
}

/** Options of a draw. */
export interface DrawOptions {
  /**
   * Apply the repairs (default true): grow the deck to cover every deal, make private steps that
   * hide nothing public, and redraw (from the derived streams `<stream>/redraw/<k>`) a game that a
   * compiler check flags (warnings W0xxx, or an error). Without repairs the first draw is returned
   * as it is, so the acceptance filter sees what the generator draws.
   */
  repair?: boolean;
  /** The builder (default `paper`; see `BuilderName` in `dial.ts`). */
  builder?: BuilderName;
}

/**
 * Whether a draw is flagged: a compiler check reports on it. The `paper` builder counts every
 * check, the advisory W0003 (state written and never read) included, so its games compile with no
 * warning at all; `coherent` keeps version 2's rule (advisory codes not counted), so its seeds
 * keep drawing version 2's games.
 */
function flagged(ir: GameIR, builder: BuilderName): boolean {
  if (builder === 'coherent') return irDiagnostics(ir).length > 0;
  return anyCheckReports(ir);
}

/** Most redraws of a flagged game before {@link SamplerError}. */
export const MAX_REDRAWS = 200;

/**
 * Draw a game as IR: the structure, then the surface, then the repairs (see {@link DrawOptions}).
 * @throws RangeError on a bad seed or complexity (see {@link checkSeed}).
 * @throws SamplerError when every redraw is flagged (a bug in the generator)
 */
export function sampleIR(seed: number, complexity: number, opts: DrawOptions = {}): GameIR {
  checkSeed(seed, complexity);
  const builder = opts.builder ?? DEFAULT_BUILDER;
  const stream = streamSeed(seed, complexity, builder);
  if (opts.repair === false) return drawOnce(stream, seed, complexity, false, builder);
  for (let k = 0; k <= MAX_REDRAWS; k++) {
    const ir = drawOnce(k === 0 ? stream : `${stream}/redraw/${k}`, seed, complexity, true, builder);
    if (!flagged(ir, builder)) return ir;
  }
  throw new SamplerError(`sampled game (seed ${seed}, complexity ${complexity}): every one of ${MAX_REDRAWS + 1} draws is flagged by a compiler check`);
}

/** How many draws {@link sampleIR} makes for a (seed, complexity) before one passes the checks (1: the first). */
export function drawsNeeded(seed: number, complexity: number, builder: BuilderName = DEFAULT_BUILDER): number {
  const stream = streamSeed(seed, complexity, builder);
  for (let k = 0; k <= MAX_REDRAWS; k++)
    if (!flagged(drawOnce(k === 0 ? stream : `${stream}/redraw/${k}`, seed, complexity, true, builder), builder)) return k + 1;
  return MAX_REDRAWS + 2;
}

/** One draw from one stream. */
function drawOnce(stream: string, seed: number, complexity: number, repair: boolean, builder: BuilderName): GameIR {
  const b = new Builder(new Draw(stream), new Dial(complexity, builder));
  const plan = drawPlan(b);
  realize(b, plan);
  if (repair) repairDeck(b);
  const showdown: GameIR['showdown'] =
    b.metric === 'pair-with-board' && b.board
      ? { metric: 'pair-with-board', board: b.board }
      : b.metric === 'sum-of-ranks'
        ? { metric: 'sum-of-ranks', rules: b.scoring }
        : { metric: 'high-card' };
  const ir: GameIR = {
    irVersion: IR_VERSION,
    name: `Sampled game ${seed}`,
    origin: { generator: GENERATOR, builderVersion: BUILDER_VERSIONS[builder], seed, complexity },
    seats: [...SEATS],
    stacks: b.stacks,
    deck: b.deck,
    piles: b.piles,
    variables: canonicalVariables(b.variables, [...b.phases, ...b.subphases]),
    positions: b.positions,
    phases: b.phases,
    subphases: b.subphases,
    showdown,
  };
  if (repair) publicizeGiveaways(ir);
  return ir;
}

/**
 * Variables in the order the compiler declares them: declared variables first, then loop
 * counters in the order their loops appear (phases, then sub-phases), so that the drawn IR and
 * the IR compiled from its source are identical.
 */
function canonicalVariables(vars: GameIR['variables'], phases: { steps: Step[] }[]): GameIR['variables'] {
  const counters: string[] = [];
  for (const p of phases) visitSteps(p.steps, (st) => st.kind === 'repeat' && !counters.includes(st.counter) && counters.push(st.counter));
  return [...vars.filter((v) => !counters.includes(v.name)), ...counters.map((name) => ({ name, initial: 0 }))];
}

/** The header comment of a sampled game's source. */
export function sourceHeader(seed: number, complexity: number, repair = true, builder: BuilderName = DEFAULT_BUILDER): string {
  const b = builder === DEFAULT_BUILDER ? '' : ` --builder ${builder}`;
  return (
    `// Sampled by ${GENERATOR} (builder version ${BUILDER_VERSIONS[builder]}${builder === DEFAULT_BUILDER ? '' : `, ${builder}`}): seed ${seed}, complexity ${String(complexity)}${repair ? '' : ', without repairs'}.\n` +
    `// Rebuild it with: gbgc sample --seed ${seed} --complexity ${String(complexity)}${b} --no-filter${repair ? '' : ' --no-repair'}\n`
  );
}

/**
 * Sample a game and emit it as formatted source; compiling the source gives back the drawn IR.
 * @throws RangeError on a bad seed or complexity
 * @throws SamplerError when the source does not compile or its IR differs from the drawn one
 */
export async function sample(seed: number, complexity: number, opts: DrawOptions = {}): Promise<SampledGame> {
  return emitSample(sampleIR(seed, complexity, opts), seed, complexity, opts);
}

/**
 * Emit a game already drawn by {@link sampleIR}`(seed, complexity, opts)` as formatted source, so
 * that a caller that judged the drawn IR (the acceptance filter) does not draw it a second time.
 * `drawn` must be that draw, unmodified: the source's header names the seed and complexity.
 * The decompiled text is compiled once (its IR must be the drawn one) and its AST formatted
 * without parsing it again; the formatted source is then lexed against the decompiled text
 * (`sameTokens`: the same tokens compile to the same IR), and compiled again only when the
 * formatter changed a token. A repaired draw passed every compiler check already (`sampleIR`
 * redraws a flagged one), and the checks read nothing but the IR, so its text is compiled
 * without running them again; an unrepaired draw's text is checked as any source.
 * @throws SamplerError when the source does not compile or its IR differs from the drawn one
 */
export async function emitSample(drawn: GameIR, seed: number, complexity: number, opts: DrawOptions = {}): Promise<SampledGame> {
  const builder = opts.builder ?? DEFAULT_BUILDER;
  const hash = rulesetHash(drawn);
  const text = sourceHeader(seed, complexity, opts.repair !== false, builder) + decompile(drawn);
  const checks = opts.repair === false ? CHECKS : [];
  const compiled = compiledTo(text, hash, seed, complexity, checks);
  const source = await formatParsed(text, compiled.ast);
  const ir = sameTokens(text, source) ? compiled.ir : compiledTo(source, hash, seed, complexity, checks).ir;
  return { ir, source, rulesetHash: hash, seed, complexity, builderVersion: BUILDER_VERSIONS[builder] };
}

/**
 * Compile a sampled game's text with `checks` and check that it gives the drawn IR (`hash`, its ruleset hash).
 * @throws SamplerError when the text does not compile or compiles to another IR
 */
function compiledTo(text: string, hash: string, seed: number, complexity: number, checks: readonly CheckRecord[]): { ast: GameFile; ir: GameIR } {
  const compiled = compileSource(text, { checks });
  if (!compiled.ir || !compiled.rulesetHash || !compiled.ast) {
    const first = compiled.diagnostics.find((d) => d.severity === 'error');
    throw new SamplerError(`sampled game (seed ${seed}, complexity ${complexity}) does not compile: ${first ? `${first.code} ${first.message}` : 'no IR'}`);
  }
  if (compiled.rulesetHash !== hash)
    throw new SamplerError(
      `sampled game (seed ${seed}, complexity ${complexity}): the source compiles to a different IR (hash ${compiled.rulesetHash.slice(0, 12)} ≠ ${hash.slice(0, 12)})`,
    );
  return { ast: compiled.ast, ir: compiled.ir };
}
