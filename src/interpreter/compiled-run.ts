/**
 * The compiling backend of the two-seat machine: the run loop of `run.ts` generated as JavaScript
 * specialised to one step program, cached per ruleset hash.
 *
 * The generated code does exactly what `run(m)` does on the same machine (same registers, piles
 * and event log, the same step modules for the steps it does not inline), so every capability of
 * `InterpreterState` — information-state keys, observations, rewinding, duplicate chance — is
 * unchanged; what changes is how the instructions are dispatched:
 * - one function per phase or sub-phase (a block of consecutive instructions), each a `switch` on
 *   the program counter whose cases fall through in reading order, with every operand a constant;
 * - the deterministic instructions (phases, shuffles, deals, antes, opening a fixed betting round,
 *   jumps, calls and returns, conditions, loops, `end`, the showdown) inlined or called directly;
 * - every other step's starter (`steps.ts`), every condition and every integer expression bound to
 *   a local constant, so each call site in the generated code has one target (no megamorphic
 *   dispatch through the opcode tables);
 * - the machine's registers read and written as slots of its `Int32Array` at fixed indices
 *   (`layout.ts`).
 *
 * The source is built only from numbers this module computes (opcodes, operands, register
 * indices); no text of the game (names, reasons) enters it. It is compiled once per ruleset hash
 * with `new Function` (a factory bound to each program's tables) and kept in a bounded cache.
 * `test/interpreter/compiled.test.ts` plays both engines side by side on every example and on
 * generated games and requires the same states, keys, legal actions and chance outcomes.
 */
import { openRound } from './betting.js';
import { BOTH, DEAL_FIRST, EV, NODE, R, SKIP, X } from './layout.js';
import type { Machine } from './machine.js';
import { INSTR_WIDTH, OP, type Program } from './program.js';
import { interpret } from './run.js';
import { showdown } from './showdown.js';
import { START } from './steps.js';

/** A generated run loop: runs a machine of its program until a decision, a chance node or the end. */
export type Runner = (m: Machine) => void;

/** What generated code calls back into (the helpers `run.ts` uses). */
interface Kit {
  openRound: typeof openRound;
  showdown: typeof showdown;
  START: typeof START;
}

const KIT: Kit = { openRound, showdown, START };

/** A factory of runners for one program's code: bind it to a program's tables. */
type Factory = (p: Program, kit: Kit) => Runner;

/** Most factories kept (a pool of generated games compiles thousands of programs; each source is a few KB). */
const CACHE_LIMIT = 512;
/** Factories by ruleset hash, oldest first (Map order), bounded by {@link CACHE_LIMIT}. */
const cache = new Map<string, Factory>();
/** Counts for tests and benches: sources compiled, cache hits. */
export const runnerStats = { compiled: 0, hits: 0 };

/**
 * The generated run loop of a program, from the cache when a program with this ruleset hash was
 * compiled before (the code depends only on the IR, which the hash names; the bound tables are
 * the program's own, so programs differing only in starting stacks share one source).
 * @param key the ruleset hash of the IR the program was compiled from
 */
export function compiledRunner(p: Program, key: string): Runner {
  let f = cache.get(key);
  if (f === undefined) {
    f = factoryOf(generateRunSource(p));
    runnerStats.compiled++;
    cache.set(key, f);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  } else {
    runnerStats.hits++;
    // Most recently used last.
    cache.delete(key);
    cache.set(key, f);
  }
  return f(p, KIT);
}

/**
 * Run calls a program interprets before its run loop is generated and compiled (see
 * {@link tieredRunner}): about 2,000 episodes of a generated c = 0.7 game. Generating, parsing and
 * optimising a game's code costs V8 about as much CPU as interpreting a few thousand episodes
 * (`compiled/acceptance-compiled` in `bench/compiled.ts`), so a game played for fewer episodes
 * (one acceptance check) is never compiled.
 */
export const COMPILE_AFTER = 100_000;

/**
 * The compiling backend's run loop with tiers: while a program has run fewer than `after` times
 * (calls to `run`, a few per episode) the interpreter runs it; then its generated loop does
 * (compiled then, or taken from the cache). A ruleset already in the cache, or `after` ≤ 0, runs
 * generated code from the first call. Both tiers leave the machine in the same state, so the
 * switch is invisible except in speed.
 * @param key the ruleset hash of the IR the program was compiled from
 */
export function tieredRunner(p: Program, key: string, after = COMPILE_AFTER): Runner {
  if (after <= 0 || cache.has(key)) return compiledRunner(p, key);
  let calls = 0;
  let generated: Runner | null = null;
  return (m) => {
    if (generated !== null) generated(m);
    else {
      if (++calls >= after) generated = compiledRunner(p, key);
      interpret(m);
    }
  };
}

/** Compile a source made by {@link generateRunSource} into a factory (numbers and identifiers of this module only: no user text). */
function factoryOf(source: string): Factory {
  return new Function('P', 'K', source) as Factory;
}

/** The run loop of `source` (made by {@link generateRunSource}, possibly altered by a test) bound to a program. */
export function bindRunner(source: string, p: Program): Runner {
  return factoryOf(source)(p, KIT);
}

/** The blocks of a program: [first, end) instruction ranges of consecutive instructions of one phase or sub-phase. */
function blocks(p: Program): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let pc = 1; pc <= p.numInstructions; pc++)
    if (pc === p.numInstructions || p.blockOf[pc] !== p.blockOf[start]) {
      out.push([start, pc]);
      start = pc;
    }
  return out;
}

/**
 * The body of a {@link Factory}: `P` is the program, `K` the {@link Kit}. Each instruction becomes
 * one `case` of its block's function; see `run.ts` for what each opcode does (the cases below do
 * the same, in the same order, with the same events).
 */
export function generateRunSource(p: Program): string {
  const code = p.code;
  const ext = p.ext;
  const conds = new Set<number>();
  const ints = new Set<number>();
  const starters = new Set<number>();
  const bs = blocks(p);
  const fns: string[] = [];
  const log = (
    kind: number,
    seat: string | number,
    a: string | number,
    b: string | number,
    c: string | number,
    seen: string | number,
    content: string | number,
  ) => `m.log.push(${kind}, ${seat}, ${a}, ${b}, ${c}, ${seen}, ${content});`;
  bs.forEach(([first, end], bi) => {
    const lines: string[] = [];
    for (let pc = first; pc < end; pc++) {
      const o = pc * INSTR_WIDTH;
      const op = code[o];
      const [a, b, c, d] = [code[o + 1], code[o + 2], code[o + 3], code[o + 4]];
      // After an instruction that moves on to pc + 1: fall through within the block, else leave it.
      const onward = pc + 1 < end ? `r[${R.PC}] = ${pc + 1};` : `r[${R.PC}] = ${pc + 1}; return false;`;
      lines.push(`case ${pc}: {`);
      switch (op) {
        case OP.PHASE:
          lines.push(log(EV.PHASE, -1, a, 0, 0, BOTH, BOTH), onward);
          break;
        case OP.SHUFFLE:
          lines.push(`r[${R.SHUFFLED}] |= ${1 << a};`, log(EV.SHUFFLE, -1, a, 0, 0, BOTH, BOTH), onward);
          break;
        case OP.DEAL: {
          const total = b === -1 ? 2 * c : c;
          const target = b === -1 ? `1 + (st & 1)` : b === -2 ? `m.dealTarget()` : String(b);
          lines.push(
            `const st = r[${R.STEP}];`,
            `if (st >= ${total} || piles[${a}] === 0) {`,
            `  if (st < ${total}) ${log(EV.SKIP, -1, SKIP.DEAL, `${total} - st`, a, BOTH, BOTH)}`,
            `  m.sortDealt();`,
            `  r[${R.STEP}] = 0;`,
            `  ${onward}`,
            `  break;`,
            `}`,
            `if (r[${R.SHUFFLED}] & ${1 << a}) { r[${R.NODE}] = ${NODE.CHANCE_CARD}; return true; }`,
            `m.moveCard(${a}, 0, ${target}, ${d}, st === 0 ? ${DEAL_FIRST >> 8} : 0);`,
            `r[${R.STEP}] = st + 1;`,
            `continue;`,
          );
          break;
        }
        case OP.ANTE:
          for (let seat = 0; seat < 2; seat++) {
            if (!(b & (1 << seat))) continue;
            lines.push(
              `{ const pay = Math.min(${a}, r[${R.STACK + seat}]); r[${R.STACK + seat}] -= pay; r[${R.POT}] += pay; ${log(EV.ANTE, seat, 'pay', 0, 0, BOTH, BOTH)} }`,
            );
          }
          lines.push(onward);
          break;
        case OP.BETTING:
          if (d > 0) {
            ints.add(d - 1);
            lines.push(`{ const v = i${d - 1}(m, -1); r[${ext + X.BET_SIZE}] = Math.max(1, Math.min(v, ${2 ** 30})); }`);
          }
          lines.push(
            `const first = openRound(m, ${c}, true);`,
            `if (first >= 0) {`,
            `  r[${R.STEP}] = 1; r[${R.ACTOR}] = first; r[${R.NODE}] = ${NODE.DECISION};`,
            p.privateAt[pc] ? `  ${log(EV.ASK, 'first', pc, 0, 0, '1 << first', '1 << first')}` : '',
            `  return true;`,
            `}`,
            onward,
          );
          break;
        case OP.SHOWDOWN:
          lines.push(`if (showdown(m)) return true;`, onward);
          break;
        case OP.JUMP:
          lines.push(`r[${R.PC}] = ${a};`, 'continue;');
          break;
        case OP.CALL:
          lines.push(
            `const sp = r[${R.SP}];`,
            `if (sp >= ${p.maxFrames}) throw new Error('frame stack overflow at instruction ${pc}');`,
            `r[${R.FRAMES} + sp] = ${pc + 1};`,
            `r[${R.SP}] = sp + 1;`,
            c ? log(EV.SUBPHASE, -1, b, 0, 0, BOTH, BOTH) : '',
            `r[${R.PC}] = ${a};`,
            'continue;',
          );
          break;
        case OP.RET:
          lines.push(
            `const sp = r[${R.SP}] - 1;`,
            `if (sp < 0) throw new Error('return without a call at instruction ${pc}');`,
            `r[${R.SP}] = sp;`,
            `r[${R.PC}] = r[${R.FRAMES} + sp];`,
            `return false;`,
          );
          break;
        case OP.IF:
          conds.add(a);
          lines.push(
            `const held = c${a}(m);`,
            c ? log(EV.COND, -1, a, 'held ? 1 : 0', 0, BOTH, BOTH) : '',
            `if (!held) { r[${R.PC}] = ${b}; continue; }`,
            onward,
          );
          break;
        case OP.LOOP_INIT: {
          const loop = p.loops[a];
          lines.push(`r[${loop.counter}] = 0;`, onward);
          break;
        }
        case OP.LOOP_TEST: {
          const loop = p.loops[a];
          if (loop.until >= 0) conds.add(loop.until);
          lines.push(
            `const v = r[${loop.counter}];`,
            `if (v >= ${loop.max}${loop.until >= 0 ? ` || c${loop.until}(m)` : ''}) {`,
            `  ${log(EV.LOOP_END, -1, a, 'v', 0, BOTH, BOTH)}`,
            `  r[${R.PC}] = ${b};`,
            `  continue;`,
            `}`,
            log(EV.ROUND, -1, a, 'v', 0, BOTH, BOTH),
            onward,
          );
          break;
        }
        case OP.LOOP_NEXT: {
          const loop = p.loops[a];
          lines.push(`r[${loop.counter}]++;`, `r[${R.PC}] = ${b};`, 'continue;');
          break;
        }
        case OP.HALT:
          lines.push(`m.finish(1);`, `return true;`);
          break;
        default:
          if (!START[op]) throw new Error(`bad opcode ${op} at instruction ${pc}`);
          // The starter moves the program counter itself (or stops at a node).
          starters.add(op);
          // A starter that jumps (loops, choices, auctions, simultaneous rounds) may land anywhere: the
          // switch takes a target inside the block, the dispatcher any other.
          lines.push(`if (s${op}(m)) return true;`, pc + 1 < end ? `if (r[${R.PC}] !== ${pc + 1}) continue;` : 'continue;');
      }
      lines.push(`}`);
    }
    fns.push(
      `function b${bi}(m, r, piles) {\n  for (;;) {\n    switch (r[${R.PC}]) {\n${lines.filter((l) => l !== '').join('\n')}\n      default: return false;\n    }\n  }\n}`,
    );
  });
  // The dispatcher: a binary search over the blocks' first instructions, as nested ifs.
  const dispatch = (lo: number, hi: number): string => {
    if (hi - lo === 1) return `stop = b${lo}(m, r, piles);`;
    const mid = (lo + hi) >> 1;
    return `if (pc < ${bs[mid][0]}) { ${dispatch(lo, mid)} } else { ${dispatch(mid, hi)} }`;
  };
  return `"use strict";
const openRound = K.openRound, showdown = K.showdown;
${[...conds].map((i) => `const c${i} = P.conds[${i}];`).join('\n')}
${[...ints].map((i) => `const i${i} = P.ints[${i}];`).join('\n')}
${[...starters].map((op) => `const s${op} = K.START[${op}];`).join('\n')}
${fns.join('\n')}
return function run(m) {
  const r = m.r;
  const piles = m.piles;
  for (;;) {
    const pc = r[${R.PC}];
    let stop = false;
    ${dispatch(0, bs.length)}
    if (stop) return;
  }
};`;
}
