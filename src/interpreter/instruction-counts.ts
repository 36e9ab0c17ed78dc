/**
 * Counts of a program's control instructions as its machines run them, for the acceptance
 * filter's figures (`src/sampler/acceptance.ts`) without instrumenting the game: how often each
 * phase was entered and each sub-phase called, how often each `if` condition was checked and
 * held, and in how many episodes each of these happened at least once.
 *
 * A game compiled with counts (`compileGame(ir, { backend: 'interpreter', counts })`) carries
 * them in its program; the interpreter's run loop (`run.ts`) adds to them at every `PHASE`,
 * `CALL` and `IF` it runs (the compiled backend's generated code does not count, so counting
 * needs the interpreter). The caller marks each new episode ({@link InstructionCounts.newEpisode}).
 * The counts of the run that builds the initial state (before the first node) are those of
 * episode 0, before any `newEpisode`.
 */

import { INSTR_WIDTH, OP, type Program } from './program.js';

/** Per-instruction counts (indices: program counters). */
export class InstructionCounts {
  /** PHASE instructions: times run; CALL targets (a sub-phase's first instruction): times called. */
  entered = new Float64Array(0);
  /** IF instructions: times the condition was checked, and times it held. */
  checked = new Float64Array(0);
  held = new Float64Array(0);
  /** Episodes in which the instruction was entered, its condition held, or failed, at least once. */
  enteredEpisodes = new Float64Array(0);
  heldEpisodes = new Float64Array(0);
  failedEpisodes = new Float64Array(0);
  /** The episode each instruction last counted toward its episodes (per kind). */
  private enteredIn = new Int32Array(0);
  private heldIn = new Int32Array(0);
  private failedIn = new Int32Array(0);
  /** The episode under way (0: the run that builds the initial state). */
  episode = 0;
  /**
   * The IF instruction that checks each branch of an `if` step and each item of an `events` step
   * (keyed by the IR branch or item object), filled when the program is compiled.
   */
  readonly ifOf = new Map<object, number>();

  /** Per phase (index): its PHASE instruction. */
  phaseAt = new Int32Array(0);
  /** Per sub-phase (index): its first instruction (what its calls enter), or -1 when nothing calls it. */
  subphaseAt = new Int32Array(0);
  /** The program's number of IF instructions. */
  ifInstructions = 0;

  /** Size the counts for program `p` (all zero) and locate its phases and sub-phases. Called once, by `compileGame`. */
  attach(p: Program): void {
    this.phaseAt = new Int32Array(p.phaseNames.length).fill(-1);
    this.subphaseAt = new Int32Array(p.subphaseNames.length).fill(-1);
    this.ifInstructions = 0;
    for (let pc = 0; pc < p.numInstructions; pc++) {
      const o = pc * INSTR_WIDTH;
      if (p.code[o] === OP.PHASE) this.phaseAt[p.code[o + 1]] = pc;
      else if (p.code[o] === OP.CALL) this.subphaseAt[p.code[o + 2]] = p.code[o + 1];
      else if (p.code[o] === OP.IF) this.ifInstructions++;
    }
    const n = p.numInstructions;
    this.entered = new Float64Array(n);
    this.checked = new Float64Array(n);
    this.held = new Float64Array(n);
    this.enteredEpisodes = new Float64Array(n);
    this.heldEpisodes = new Float64Array(n);
    this.failedEpisodes = new Float64Array(n);
    this.enteredIn = new Int32Array(n).fill(-1);
    this.heldIn = new Int32Array(n).fill(-1);
    this.failedIn = new Int32Array(n).fill(-1);
  }

  /** Start the next episode. */
  newEpisode(): void {
    this.episode++;
  }

  /** Instruction `pc` (a PHASE, or the first instruction of a called sub-phase) was entered. */
  enter(pc: number): void {
    this.entered[pc]++;
    if (this.enteredIn[pc] !== this.episode) {
      this.enteredIn[pc] = this.episode;
      this.enteredEpisodes[pc]++;
    }
  }

  /** The condition of the IF at `pc` was checked and `held` or not. */
  check(pc: number, held: boolean): void {
    this.checked[pc]++;
    if (held) {
      this.held[pc]++;
      if (this.heldIn[pc] !== this.episode) {
        this.heldIn[pc] = this.episode;
        this.heldEpisodes[pc]++;
      }
    } else if (this.failedIn[pc] !== this.episode) {
      this.failedIn[pc] = this.episode;
      this.failedEpisodes[pc]++;
    }
  }

  /** A copy of the counts so far (for the run that builds the initial state). */
  snapshot(): { entered: Float64Array; checked: Float64Array; held: Float64Array } {
    return { entered: this.entered.slice(), checked: this.checked.slice(), held: this.held.slice() };
  }

  /** Zero every count (the episode number and the IF map stay). */
  clear(): void {
    for (const a of [this.entered, this.checked, this.held, this.enteredEpisodes, this.heldEpisodes, this.failedEpisodes]) a.fill(0);
    for (const a of [this.enteredIn, this.heldIn, this.failedIn]) a.fill(-1);
  }
}
