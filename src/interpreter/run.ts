/**
 * The run loop: executes a machine's deterministic instructions (phases, shuffles, dealing from
 * an unshuffled pile, antes, jumps, calls and returns, conditions) until the next decision, chance
 * node or the end. Dealing, antes and opening a fixed betting round run inline (the poker fast
 * path); every other step kind starts in `steps.ts`, and the showdown in `showdown.ts`.
 */
import { openRound } from './betting.js';
import { BOTH, DEAL_FIRST, EV, NODE, R, SKIP, X } from './layout.js';
import type { Machine } from './machine.js';
import { INSTR_WIDTH, OP } from './program.js';
import { showdown } from './showdown.js';
import { START } from './steps.js';

/**
 * Run deterministic instructions until a decision, a chance node or the end: with the program's
 * generated run loop when it has one (the compiling backend, `compiled-run.ts`), else here.
 */
export function run(m: Machine): void {
  // The program's `GeneratedCode` (compiled-run.ts, which imports this module), seen structurally.
  const generated = m.program.runner as { run(m: Machine): void } | null;
  if (generated !== null) {
    generated.run(m);
    return;
  }
  interpret(m);
}

/** The reference run loop: each instruction dispatched on its opcode. */
export function interpret(m: Machine): void {
  const r = m.r;
  const p = m.program;
  const code = p.code;
  for (;;) {
    const o = r[R.PC] * INSTR_WIDTH;
    switch (code[o]) {
      case OP.PHASE:
        m.log.push(EV.PHASE, -1, code[o + 1], 0, 0, BOTH, BOTH);
        if (p.counts !== null) p.counts.enter(r[R.PC]);
        r[R.PC]++;
        break;
      case OP.SHUFFLE:
        r[R.SHUFFLED] |= 1 << code[o + 1];
        m.log.push(EV.SHUFFLE, -1, code[o + 1], 0, 0, BOTH, BOTH);
        r[R.PC]++;
        break;
      case OP.DEAL: {
        const from = code[o + 1];
        const total = code[o + 2] === -1 ? 2 * code[o + 3] : code[o + 3];
        if (r[R.STEP] >= total || m.piles[from] === 0) {
          // The pile ran out: the rest of the deal is skipped, with a public notice (pile sizes are public).
          if (r[R.STEP] < total) m.log.push(EV.SKIP, -1, SKIP.DEAL, total - r[R.STEP], from, BOTH, BOTH);
          m.sortDealt();
          r[R.STEP] = 0;
          r[R.PC]++;
          break;
        }
        if (r[R.SHUFFLED] & (1 << from)) {
          r[R.NODE] = NODE.CHANCE_CARD;
          return;
        }
        m.moveCard(from, 0, m.dealTarget(), code[o + 4], r[R.STEP] === 0 ? DEAL_FIRST >> 8 : 0);
        r[R.STEP]++;
        break;
      }
      case OP.ANTE:
        for (let seat = 0; seat < 2; seat++) {
          if (!(code[o + 2] & (1 << seat))) continue;
          const pay = Math.min(code[o + 1], r[R.STACK + seat]);
          r[R.STACK + seat] -= pay;
          r[R.POT] += pay;
          m.log.push(EV.ANTE, seat, pay, 0, 0, BOTH, BOTH);
        }
        r[R.PC]++;
        break;
      case OP.BETTING: {
        if (code[o + 4] > 0) {
          // At least 1 chip; a value above every stack is kept as 2^30 (no seat can bet it either way).
          const v = p.ints[code[o + 4] - 1](m, -1);
          r[m.x(X.BET_SIZE)] = Math.max(1, Math.min(v, 2 ** 30));
        }
        const first = openRound(m, code[o + 3], true);
        if (first < 0) {
          r[R.PC]++;
          break;
        }
        r[R.STEP] = 1;
        r[R.ACTOR] = first;
        r[R.NODE] = NODE.DECISION;
        if (p.privateAt[r[R.PC]]) m.log.push(EV.ASK, first, r[R.PC], 0, 0, 1 << first, 1 << first);
        return;
      }
      case OP.SHOWDOWN:
        if (showdown(m)) return;
        r[R.PC]++;
        break;
      case OP.JUMP:
        r[R.PC] = code[o + 1];
        break;
      case OP.CALL: {
        const sp = r[R.SP];
        if (sp >= p.maxFrames) throw new Error(`frame stack overflow at instruction ${r[R.PC]}`);
        r[R.FRAMES + sp] = r[R.PC] + 1;
        r[R.SP] = sp + 1;
        if (code[o + 3]) m.log.push(EV.SUBPHASE, -1, code[o + 2], 0, 0, BOTH, BOTH);
        if (p.counts !== null) p.counts.enter(code[o + 1]);
        r[R.PC] = code[o + 1];
        break;
      }
      case OP.RET: {
        const sp = r[R.SP] - 1;
        if (sp < 0) throw new Error(`return without a call at instruction ${r[R.PC]}`);
        r[R.SP] = sp;
        r[R.PC] = r[R.FRAMES + sp];
        break;
      }
      case OP.IF: {
        const held = p.conds[code[o + 1]](m);
        if (code[o + 3]) m.log.push(EV.COND, -1, code[o + 1], held ? 1 : 0, 0, BOTH, BOTH);
        if (p.counts !== null) p.counts.check(r[R.PC], held);
        r[R.PC] = held ? r[R.PC] + 1 : code[o + 2];
        break;
      }
      case OP.HALT:
        m.finish(1);
        return;
      default: {
        const start = START[code[o]];
        if (!start) throw new Error(`bad opcode ${code[o]} at instruction ${r[R.PC]}`);
        if (start(m)) return;
      }
    }
  }
}
