/**
 * The registry of `gbgc` commands, in the order `gbgc --help` lists them.
 */
import type { Command } from 'commander';
import type { CliContext } from '../main.js';
import { registerCheck } from './check.js';
import { registerFmt } from './fmt.js';
import { registerCompile } from './compile.js';
import { registerExplain } from './explain.js';
import { registerRender } from './render.js';
import { registerSimulate } from './simulate.js';
import { registerPlay } from './play.js';
import { registerTree } from './tree.js';
import { registerSolve } from './solve.js';
import { registerSample } from './sample.js';
import { registerPool } from './pool.js';
import { registerInit } from './init.js';
import { registerCompletion } from './completion.js';
import { registerView } from './view.js';
import { registerLsp } from './lsp.js';
import { registerAnalyze } from './analyze.js';
import { registerReport } from './report.js';
import { registerMatch } from './match.js';
import { registerTournament } from './tournament.js';
import { registerRecords } from './records.js';
import { registerAxes } from './axes.js';
import { registerSelect } from './select.js';
import { registerLadder } from './ladder.js';
import { registerWorker } from './worker.js';
import { registerQueue } from './queue.js';
import { registerPolicy } from './policy.js';

/** Registers one command on the program and returns it. */
export type RegisterCommand = (program: Command, ctx: CliContext) => Command;

export const COMMANDS: RegisterCommand[] = [
  registerCheck,
  registerFmt,
  registerCompile,
  registerExplain,
  registerRender,
  registerSimulate,
  registerPlay,
  registerTree,
  registerSolve,
  registerSample,
  registerPool,
  registerLsp,
  registerInit,
  registerCompletion,
  registerView,
  registerAnalyze,
  registerReport,
  registerMatch,
  registerTournament,
  registerRecords,
  registerAxes,
  registerSelect,
  registerLadder,
  registerWorker,
  registerQueue,
  registerPolicy,
];
