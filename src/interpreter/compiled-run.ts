/**
 * The compiling backend of the two-seat machine: the run loop of `run.ts`, and the decisions and
 * deals a generated game spends its episodes in, generated as JavaScript specialised to one step
 * program, cached per ruleset hash, compiled after a program has run for a while (tiers).
 *
 * The generated code does exactly what the interpreter does on the same machine (same registers,
 * piles and event log, the same step modules for the steps it does not inline), so every
 * capability of `InterpreterState` — information-state keys, observations, rewinding, duplicate
 * chance — is unchanged; what changes is how the instructions are dispatched:
 * - one function per phase or sub-phase (a block of consecutive instructions), each a `switch` on
 *   the program counter whose cases fall through in reading order, with every operand a constant,
 *   and a dispatcher that switches on the block of the program counter;
 * - the deterministic instructions (phases, shuffles, deals and their sort, antes, opening a fixed
 *   betting round, jumps, calls and returns, conditions, loops, the showdown) and the starters of
 *   choices with whole-number costs, wagers, matches, payments and `end` inlined;
 * - every other step's starter (`steps.ts`), every condition and every integer expression bound to
 *   a local constant, so each call site in the generated code has one target (no megamorphic
 *   dispatch through the opcode tables);
 * - applying and listing those choices and wagers, and dealing and drawing cards at each deal
 *   step, done by generated functions per instruction (`GeneratedCode`) that `InterpreterState`
 *   asks first, falling back to the general path for anything they do not handle;
 * - the machine's registers read and written as slots of its `Int32Array` at fixed indices
 *   (`layout.ts`).
 *
 * The source is built only from numbers this module computes (opcodes, operands, register
 * indices); no text of the game (names, reasons) enters it. It is compiled once per ruleset hash
 * with `new Function` (a factory bound to each program's tables) and kept in a bounded cache.
 * `test/interpreter/compiled.test.ts` plays both engines side by side on every example and on
 * generated games and requires the same states, keys, legal actions, chance outcomes, L0 picks
 * and errors.
 */
import { openRound } from './betting.js';
import { BOTH, DEAL_FIRST, EV, NODE, PAY_REASON, R, SKIP, X } from './layout.js';
import { viewers, type Machine } from './machine.js';
import { INSTR_WIDTH, OP, PARTY, type Program } from './program.js';
import { interpret } from './run.js';
import { showdown } from './showdown.js';
import { START } from './steps.js';

/**
 * A program's generated code: its run loop, and the decisions it applies and lists itself.
 * - `run(m)`: runs a machine of its program until a decision, a chance node or the end;
 * - `decide(m, a)`: at a decision node other than fixed-limit betting, applies the legal action
 *   `a` as `InterpreterState.applyAction` would before it runs on (counts the move, marks the node
 *   running, applies), returning true; returns false, changing nothing, when the decision under
 *   way is not one it specialises or `a` is not legal (the caller then takes the general path,
 *   which throws the same error as ever);
 * - `legal(m)`: at such a node, the legal actions, or null when the decision under way is not
 *   one it specialises;
 * - `deal(m, a)`: at a card chance node of a `DEAL`, applies the card type `a` as `applyAction`
 *   would before it runs on, returning true; false, changing nothing, when no such card is in the
 *   pile (the general path then throws);
 * - `sample(m, u)`: at a card chance node of a `DEAL`, the card type `sampleChance(u)` draws; -1
 *   at any other node.
 */
export interface GeneratedCode {
  run(m: Machine): void;
  decide(m: Machine, a: number): boolean;
  legal(m: Machine): number[] | null;
  deal(m: Machine, a: number): boolean;
  sample(m: Machine, u: number): number;
}

/** What generated code calls back into (the helpers `run.ts` uses). */
interface Kit {
  openRound: typeof openRound;
  showdown: typeof showdown;
  START: typeof START;
}

const KIT: Kit = { openRound, showdown, START };

/** A factory of generated code for one program's source: bind it to a program's tables. */
type Factory = (p: Program, kit: Kit) => GeneratedCode;

/** Most factories kept (a pool of generated games compiles thousands of programs; each source is a few KB). */
const CACHE_LIMIT = 512;
/** Factories by ruleset hash, oldest first (Map order), bounded by {@link CACHE_LIMIT}. */
const cache = new Map<string, Factory>();
/** Counts for tests and benches: sources compiled, cache hits. */
export const runnerStats = { compiled: 0, hits: 0 };

/**
 * The generated code of a program, from the cache when a program with this ruleset hash was
 * compiled before (the code depends only on the IR, which the hash names; the bound tables are
 * the program's own, so programs differing only in starting stacks share one source).
 * @param key the ruleset hash of the IR the program was compiled from
 */
export function compiledCode(p: Program, key: string): GeneratedCode {
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
 * Run calls a program interprets before its code is generated and compiled (see
 * {@link TieredCode}): a few thousand episodes of a generated c = 0.7 game. Generating, parsing
 * and optimising a game's code costs V8 about as much CPU as interpreting a few thousand
 * episodes (`compiled/acceptance-compiled` in `bench/compiled.ts`), so a game played for fewer
 * episodes (one acceptance check) is never compiled.
 */
export const COMPILE_AFTER = 100_000;

/**
 * The compiling backend's code for one program, with tiers: while the program has run fewer
 * than `after` times (calls to `run`, a few per episode) the interpreter runs it (`decide` and
 * `legal` leave every decision to the general path); then its generated code does (compiled
 * then, or taken from the cache). A ruleset already in the cache, or `after` ≤ 0, runs generated
 * code from the first call. Both tiers leave the machine in the same state, so the switch is
 * invisible except in speed. Every program's code is an object of this one class, so the
 * machine's call sites stay monomorphic.
 */
export class TieredCode implements GeneratedCode {
  // The current tier's functions, called straight from the machine's call sites (no forwarding
  // frame): the interpreter's until the code is generated, then the generated ones.
  run: (m: Machine) => void;
  decide: (m: Machine, a: number) => boolean = () => false;
  legal: (m: Machine) => number[] | null = () => null;
  deal: (m: Machine, a: number) => boolean = () => false;
  sample: (m: Machine, u: number) => number = () => -1;
  /** Whether the generated code runs (compiled, or found in the cache). */
  compiled = false;

  /** @param key the ruleset hash of the IR the program was compiled from */
  constructor(p: Program, key: string, after = COMPILE_AFTER, generated?: GeneratedCode) {
    let calls = 0;
    this.run = (m) => {
      if (++calls >= after) this.adopt(compiledCode(p, key));
      interpret(m);
    };
    if (generated !== undefined) this.adopt(generated);
    else if (after <= 0 || cache.has(key)) this.adopt(compiledCode(p, key));
  }

  /** Switch to generated code. */
  private adopt(g: GeneratedCode): void {
    this.run = g.run;
    this.decide = g.decide;
    this.legal = g.legal;
    this.deal = g.deal;
    this.sample = g.sample;
    this.compiled = true;
  }
}

/** Compile a source made by {@link generateRunSource} into a factory (numbers and identifiers of this module only: no user text). */
function factoryOf(source: string): Factory {
  return new Function('P', 'K', source) as Factory;
}

/** The code of `source` (made by {@link generateRunSource}, possibly altered by a test) bound to a program, as a program's `runner`. */
export function bindRunner(source: string, p: Program): TieredCode {
  return new TieredCode(p, '', 0, factoryOf(source)(p, KIT));
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
            `  ${sortDealt(p, b)}`,
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
        default: {
          const inline = inlineStarter(p, pc, onward, ints);
          if (inline !== null) {
            lines.push(...inline);
            break;
          }
          if (!START[op]) throw new Error(`bad opcode ${op} at instruction ${pc}`);
          // The starter moves the program counter itself (or stops at a node).
          starters.add(op);
          // A starter that jumps (loops, choices, auctions, simultaneous rounds) may land anywhere: the
          // switch takes a target inside the block, the dispatcher any other.
          lines.push(`if (s${op}(m)) return true;`, pc + 1 < end ? `if (r[${R.PC}] !== ${pc + 1}) continue;` : 'continue;');
        }
      }
      lines.push(`}`);
    }
    fns.push(
      `function b${bi}(m, r, piles) {\n  for (;;) {\n    switch (r[${R.PC}]) {\n${lines.filter((l) => l !== '').join('\n')}\n      default: return false;\n    }\n  }\n}`,
    );
  });
  // The dispatcher: the block of each instruction from a table, then a switch on dense block
  // numbers (a jump table in V8's optimised code).
  const blockAt = new Array<number>(p.numInstructions);
  bs.forEach(([first, end], bi) => blockAt.fill(bi, first, end));
  const { decide, legal } = decisionCases(p);
  const { deal, sample } = dealCases(p);
  return `"use strict";
const openRound = K.openRound, showdown = K.showdown;
function srt(piles, end, k) {
  for (let i = end - k + 1; i < end; i++) {
    const t = piles[i];
    let j = i - 1;
    while (j >= end - k && piles[j] > t) { piles[j + 1] = piles[j]; j--; }
    piles[j + 1] = t;
  }
}
${[...conds].map((i) => `const c${i} = P.conds[${i}];`).join('\n')}
${[...ints].map((i) => `const i${i} = P.ints[${i}];`).join('\n')}
${[...starters].map((op) => `const s${op} = K.START[${op}];`).join('\n')}
${fns.join('\n')}
function run(m) {
  const r = m.r;
  const piles = m.piles;
  for (;;) {
    let stop = false;
    switch (BLOCK[r[${R.PC}]]) {
${bs.map((_, bi) => `      case ${bi}: stop = b${bi}(m, r, piles); break;`).join('\n')}
      default: throw new Error('bad opcode undefined at instruction ' + r[${R.PC}]);
    }
    if (stop) return;
  }
}
function decide(m, act) {
  const r = m.r;
  switch (r[${R.PC}]) {
${decide.join('\n')}
  }
  return false;
}
function legal(m) {
  const r = m.r;
  switch (r[${R.PC}]) {
${legal.join('\n')}
  }
  return null;
}
const OWNER = [${Array.from(p.pileOwner).join(', ')}];
const VIEWERS = [${p.pileNames.map((_, i) => viewers(p, i)).join(', ')}];
const COUNTS = new Int32Array(${p.numCardTypes});
const BLOCK = new Int16Array([${blockAt.join(', ')}]);
function deal(m, act) {
  const r = m.r;
  const piles = m.piles;
  switch (r[${R.PC}]) {
${deal.join('\n')}
  }
  return false;
}
function sample(m, u) {
  const r = m.r;
  const piles = m.piles;
  switch (r[${R.PC}]) {
${sample.join('\n')}
  }
  return -1;
}
return { run, decide, legal, deal, sample };`;
}

/** An event appended to the log (`m.log`), each argument a number or an expression of the generated code. */
function log(
  kind: number,
  seat: string | number,
  a: string | number,
  b: string | number,
  c: string | number,
  seen: string | number,
  content: string | number,
): string {
  return `m.log.push(${kind}, ${seat}, ${a}, ${b}, ${c}, ${seen}, ${content});`;
}

/** What `Machine.decide(seat)` does at instruction `pc`: wait for the seat's decision (logging `ASK` in a private context). */
function waitFor(p: Program, pc: number, seat: number): string {
  const ask = p.privateAt[pc] ? log(EV.ASK, seat, pc, 0, 0, 1 << seat, 1 << seat) : '';
  return `r[${R.ACTOR}] = ${seat}; r[${R.NODE}] = ${NODE.DECISION}; ${ask} return true;`;
}

/** Whether every option of a choice has a whole-number cost (no cost expression), so that what it offers is decided by the stack alone. */
function plainChoice(p: Program, index: number): boolean {
  const c = p.choices[index];
  return c.options.length > 0 && c.options.every((o) => o.costExpr === 0);
}

/**
 * `Machine.sortDealt()` at the end of the `DEAL` whose target operand is `to`, with `st` the cards
 * dealt: the cards each pile received, in card-type order (an insertion sort, which orders them
 * as the typed array's sort does).
 */
function sortDealt(p: Program, to: number): string {
  const end = (pile: string): string => `${p.pileNames.length} + (${pile}) * ${p.pileCapacity} + piles[${pile}]`;
  if (to === -1) return `if (st >= 2) { srt(piles, ${end('1')}, (st + 1) >> 1); srt(piles, ${end('2')}, st >> 1); }`;
  if (to === -2) return `if (st >= 2) { const w = 1 + r[${p.ext + X.WINNER}]; srt(piles, ${end('w')}, st); }`;
  return `if (st >= 2) srt(piles, ${end(String(to))}, st);`;
}

/**
 * The starters `steps.ts` runs for a `choice` (whole-number costs), `wager` (without a cost
 * expression), `match`, `pay` and `end`, inlined at instruction `pc` with its operands as
 * constants (the same checks, events and moves, in the same order); null for any other
 * instruction, which the generated loop leaves to its starter. `ints` collects the integer
 * expressions the code calls.
 */
function inlineStarter(p: Program, pc: number, onward: string, ints: Set<number>): string[] | null {
  const o = pc * INSTR_WIDTH;
  const [op, a, b, c, d] = [p.code[o], p.code[o + 1], p.code[o + 2], p.code[o + 3], p.code[o + 4]];
  const x = p.ext;
  switch (op) {
    case OP.CHOICE: {
      if (!plainChoice(p, a)) return null;
      const t = p.choices[a];
      // An option is offered unless its cost is certain and above the stack.
      const certain = t.options.filter((opt) => opt.costChance >= 1);
      const out: string[] = [];
      if (certain.length === t.options.length) {
        const cheapest = Math.min(...certain.map((opt) => opt.cost));
        out.push(
          `if (r[${R.STACK + t.seat}] < ${cheapest}) {`,
          log(EV.SKIP, t.seat, SKIP.CHOICE, 0, 0, BOTH, BOTH),
          `r[${R.PC}] = ${t.end};`,
          `continue;`,
          `}`,
        );
      }
      out.push(waitFor(p, pc, t.seat));
      return out;
    }
    case OP.WAGER: {
      if (d > 0 || x < 0) return null;
      const max = c < 0 ? 'st' : `Math.min(${c}, st)`;
      return [
        `const st = r[${R.STACK + a}];`,
        `if (${max} < ${b}) {`,
        log(EV.SKIP, a, SKIP.WAGER, 0, 0, BOTH, BOTH),
        onward,
        `} else if (r[${R.STACK + 1 - a}] === 0) {`,
        log(EV.SKIP, a, SKIP.WAGER_UNANSWERED, 0, 0, BOTH, BOTH),
        onward,
        `} else {`,
        waitFor(p, pc, a),
        `}`,
      ];
    }
    case OP.MATCH: {
      if (x < 0) return null;
      return [
        `const bettor = r[${x + X.WAGER_SEAT}];`,
        `const amount = r[${x + X.WAGER_AMT}];`,
        `if (bettor < 0 || amount === 0) {`,
        log(EV.SKIP, a, SKIP.MATCH, 0, 0, BOTH, BOTH),
        `} else {`,
        `const pay = Math.min(amount, r[${R.STACK + a}]);`,
        `r[${R.STACK + a}] -= pay;`,
        `r[${R.POT}] += pay;`,
        log(EV.MATCH, a, 'pay', 0, 0, BOTH, BOTH),
        `if (pay < amount) {`,
        `const excess = amount - pay;`,
        `r[${R.STACK} + bettor] += excess;`,
        `r[${R.POT}] -= excess;`,
        log(EV.REFUND, 'bettor', 'excess', 0, 0, BOTH, BOTH),
        `}`,
        `r[${x + X.WAGER_SEAT}] = -1;`,
        `r[${x + X.WAGER_AMT}] = 0;`,
        `}`,
        onward,
      ];
    }
    case OP.PAY: {
      if (x < 0) return null;
      const party = (v: number): string => (v === PARTY.POT ? '-1' : v === PARTY.WINNER ? `r[${x + X.WINNER}]` : String(v));
      const out = [`const from = ${party(b)};`, `const to = ${party(c)};`, `if (from !== to) {`, `const held = from < 0 ? r[${R.POT}] : r[${R.STACK} + from];`];
      if (d > 0) {
        ints.add(d - 1);
        out.push(`const amount = Math.max(0, Math.min(i${d - 1}(m, -1), held));`);
      } else out.push(a < 0 ? `const amount = held;` : `const amount = Math.min(${a}, held);`);
      out.push(`m.transfer(from, to, amount, ${PAY_REASON.PAY});`, `}`, onward);
      return out;
    }
    case OP.END:
      return [
        a >= 0 ? `m.award(${a}, r[${R.POT}]);` : `${log(EV.SPLIT, -1, 0, 0, 0, BOTH, BOTH)} if (m.splitPot()) return true;`,
        `m.finish(2, ${b});`,
        `return true;`,
      ];
    default:
      return null;
  }
}

/**
 * The cases of the generated `decide(m, act)` and `legal(m)` (see {@link GeneratedCode}): choices
 * with whole-number costs and wagers without a cost expression, each at its instruction, doing
 * what `decisions.ts` does for them (and `InterpreterState.applyAction` before: the move counted,
 * the node marked running). An action that is not legal leaves the state untouched (`decide`
 * returns false), so that the general path throws its error.
 */
function decisionCases(p: Program): { decide: string[]; legal: string[] } {
  const decide: string[] = [];
  const legal: string[] = [];
  const start = `r[${R.MOVES} + r[${R.ACTOR}]]++; r[${R.NODE}] = ${NODE.RUNNING};`;
  for (let pc = 0; pc < p.numInstructions; pc++) {
    const o = pc * INSTR_WIDTH;
    const [op, a, b, c, d] = [p.code[o], p.code[o + 1], p.code[o + 2], p.code[o + 3], p.code[o + 4]];
    if (op === OP.CHOICE && plainChoice(p, a)) {
      const t = p.choices[a];
      const offered = (opt: (typeof t.options)[number]): string => (opt.costChance >= 1 ? `${opt.cost} <= st` : 'true');
      decide.push(`case ${pc}: {`, `const st = r[${R.STACK + t.seat}];`, `switch (act) {`);
      legal.push(`case ${pc}: {`, `const st = r[${R.STACK + t.seat}];`, `const out = [];`);
      t.options.forEach((opt, i) => {
        decide.push(`case ${i}:`, `if (!(${offered(opt)})) return false;`, start, log(EV.CHOSE, t.seat, a, i, 0, BOTH, t.announced ? BOTH : 1 << t.seat));
        if (opt.cost > 0 && opt.costChance > 0 && opt.costChance < 1)
          decide.push(`r[${R.STEP}] = ${1 + i};`, `r[${R.NODE}] = ${NODE.CHANCE_COST};`, `return true;`);
        else {
          if (opt.cost > 0 && opt.costChance >= 1) decide.push(`m.transfer(${t.seat}, -1, ${opt.cost}, ${PAY_REASON.COST});`);
          decide.push(`r[${R.PC}] = ${opt.start};`, `return true;`);
        }
        legal.push(`if (${offered(opt)}) out.push(${i});`);
      });
      decide.push(`}`, `return false;`, `}`);
      legal.push(`return out;`, `}`);
    } else if (op === OP.WAGER && d <= 0 && p.ext >= 0) {
      decide.push(
        `case ${pc}: {`,
        `const st = r[${R.STACK + a}];`,
        `if (!Number.isInteger(act) || act < ${b} || act > ${c < 0 ? 'st' : `Math.min(${c}, st)`}) return false;`,
        start,
        `r[${R.STACK + a}] -= act;`,
        `r[${R.POT}] += act;`,
        log(EV.WAGER, a, 'act', 0, 0, BOTH, BOTH),
        `r[${p.ext + X.WAGER_SEAT}] = ${a};`,
        `r[${p.ext + X.WAGER_AMT}] = act;`,
        `r[${R.PC}] = ${pc + 1};`,
        `return true;`,
        `}`,
      );
    }
  }
  return { decide, legal };
}

/**
 * The cases of the generated `deal(m, act)` and `sample(m, u)` (see {@link GeneratedCode}) at
 * each `DEAL`: what `InterpreterState.applyAction` does with a dealt card (`Machine.indexOf`,
 * `moveCard`, `dealTarget`) and what `sampleChance` draws (`chance-nodes.ts`: card k = ⌊u·len⌋
 * of the pile in card-type order), with the pile, target and face as constants.
 */
function dealCases(p: Program): { deal: string[]; sample: string[] } {
  const deal: string[] = [];
  const sample: string[] = [];
  const base = (pile: number | string): string => `${p.pileNames.length} + ${pile} * ${p.pileCapacity}`;
  for (let pc = 0; pc < p.numInstructions; pc++) {
    const o = pc * INSTR_WIDTH;
    if (p.code[o] !== OP.DEAL) continue;
    const [from, to, , faceUp] = [p.code[o + 1], p.code[o + 2], p.code[o + 3], p.code[o + 4]];
    const fromBase = p.pileNames.length + from * p.pileCapacity;
    const target = to === -1 ? `1 + (st & 1)` : to === -2 ? `1 + r[${p.ext + X.WINNER}]` : String(to);
    deal.push(
      `case ${pc}: {`,
      `if (!Number.isInteger(act)) return false;`,
      `const len = piles[${from}];`,
      `let idx = -1;`,
      `for (let i = 0; i < len; i++) if (piles[${fromBase} + i] === act) { idx = i; break; }`,
      `if (idx < 0) return false;`,
      `r[${R.NODE}] = ${NODE.RUNNING};`,
      `const st = r[${R.STEP}];`,
      `const t = piles[${fromBase} + idx];`,
      `for (let i = ${fromBase} + idx + 1; i < ${fromBase} + len; i++) piles[i - 1] = piles[i];`,
      `piles[${from}] = len - 1;`,
      `const to = ${target};`,
      `piles[${base('to')} + piles[to]] = t;`,
      `piles[to]++;`,
      log(EV.DEAL, 'OWNER[to]', 'to', 't', `${from} + (st === 0 ? ${(DEAL_FIRST >> 8) << 8} : 0)`, BOTH, faceUp ? BOTH : `VIEWERS[to] | ${viewers(p, from)}`),
      `r[${R.STEP}] = st + 1;`,
      `return true;`,
      `}`,
    );
    sample.push(
      `case ${pc}: {`,
      `if (r[${R.NODE}] !== ${NODE.CHANCE_CARD}) return -1;`,
      `const len = piles[${from}];`,
      `const k = Math.min(len - 1, Math.floor(u * len));`,
      `const c = COUNTS;`,
      `for (let t = 0; t < ${p.numCardTypes}; t++) c[t] = 0;`,
      `for (let i = ${fromBase}; i < ${fromBase} + len; i++) c[piles[i]]++;`,
      `let cum = 0;`,
      `for (let t = 0; t < ${p.numCardTypes}; t++) {`,
      `cum += c[t];`,
      `if (k < cum) return t;`,
      `}`,
      `return piles[${fromBase}];`,
      `}`,
    );
  }
  return { deal, sample };
}
