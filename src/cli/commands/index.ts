/**
 * The registry of `gbgc` commands, in the order `gbgc --help` lists them: each command's spec,
 * summary and loader. Command modules import only the `RegisterCommand` type from here.
 */
import type { Command } from 'commander';
import type { CliContext } from '../io.js';
/**
 * Completes one command and returns it: `cmd` is already on the program, named and described from
 * its {@link CommandEntry} (the one place a command's summary is written); the command adds its
 * arguments, options, help text, subcommands and action.
 */
export type RegisterCommand = (cmd: Command, ctx: CliContext) => Command;

/**
 * One command of the CLI, loaded on demand: a start loads only the module of the command it runs
 * (each command's module brings its own libraries: SQLite, the LLM SDKs, BullMQ, vega), and lists
 * the others from `spec` and `summary` in `gbgc --help`. `spec` is the command's name and
 * arguments as commander writes them, `options` whether it takes options, `summary` its
 * description: the only place it is written, given to the loaded command by `buildProgram` and
 * read by `gbgc --help`, `gbgc COMMAND --help` and the completion scripts (a test checks the spec
 * and the options flag against the loaded command).
 */
export interface CommandEntry {
  spec: string;
  options: boolean;
  summary: string;
  load: () => Promise<RegisterCommand>;
}

/** The name of a command entry (the first word of its spec). */
export const commandName = (e: CommandEntry): string => e.spec.split(' ')[0];

export const COMMANDS: CommandEntry[] = [
  {
    spec: 'check <files...>',
    options: true,
    summary: 'check .gbg files for errors and warnings (syntax, names, amounts, cards, degenerate constructs)',
    load: async () => (await import('./check.js')).registerCheck,
  },
  {
    spec: 'fmt <files...>',
    options: true,
    summary: 'format .gbg files in the canonical style (comments are kept)',
    load: async () => (await import('./fmt.js')).registerFmt,
  },
  {
    spec: 'compile <file>',
    options: true,
    summary: 'compile a .gbg file to its IR (JSON) and print its ruleset hash',
    load: async () => (await import('./compile.js')).registerCompile,
  },
  {
    spec: 'explain [code]',
    options: true,
    summary: 'explain a diagnostic code, e.g. E0207 or W0101',
    load: async () => (await import('./explain.js')).registerExplain,
  },
  {
    spec: 'render <file>',
    options: true,
    summary: 'write the rulebook of a .gbg game (Markdown or plain text)',
    load: async () => (await import('./render.js')).registerRender,
  },
  {
    spec: 'simulate <file>',
    options: true,
    summary: 'play many episodes between two agents; report mean returns, moves per player and phase firing rates',
    load: async () => (await import('./simulate.js')).registerSimulate,
  },
  { spec: 'play <file>', options: true, summary: 'play one game in the terminal against an agent', load: async () => (await import('./play.js')).registerPlay },
  {
    spec: 'tree <file>',
    options: true,
    summary: 'enumerate the whole game tree: histories, information states per seat, maximum depth (refused at once when an estimate exceeds --max-nodes)',
    load: async () => (await import('./tree.js')).registerTree,
  },
  {
    spec: 'solve <file>',
    options: true,
    summary: 'solve a game: exactly with CFR+ (small games), or by Monte Carlo CFR (--method mccfr, any size)',
    load: async () => (await import('./solve.js')).registerSolve,
  },
  {
    spec: 'sample',
    options: true,
    summary: 'generate a game at a complexity from a seed, accepted by the Monte Carlo filter',
    load: async () => (await import('./sample.js')).registerSample,
  },
  {
    spec: 'pool',
    options: true,
    summary: 'build a resumable pool of accepted generated games (one .gbg each, plus index.jsonl) on all cores',
    load: async () => (await import('./pool.js')).registerPool,
  },
  { spec: 'lsp', options: true, summary: 'run the .gbg language server over stdio (for editors)', load: async () => (await import('./lsp.js')).registerLsp },
  {
    spec: 'init <name>',
    options: true,
    summary: 'write a commented starter game NAME.gbg that passes check',
    load: async () => (await import('./init.js')).registerInit,
  },
  {
    spec: 'completion <shell>',
    options: false,
    summary: 'print a shell completion script (bash, zsh or fish)',
    load: async () => (await import('./completion.js')).registerCompletion,
  },
  {
    spec: 'view <file>',
    options: true,
    summary: 'write a self-contained HTML page that replays a recorded game step by step',
    load: async () => (await import('./view.js')).registerView,
  },
  {
    spec: 'analyze <db>',
    options: true,
    summary: 'estimate participant strengths (α̂) with bootstrap intervals and every robustness, profile and jaggedness estimate',
    load: async () => (await import('./analyze.js')).registerAnalyze,
  },
  {
    spec: 'report <db>',
    options: true,
    summary: 'write an HTML report with SVG and PNG figures (leaderboard, pairwise margins, per-game α̂, profiles, jaggedness, axis scatter)',
    load: async () => (await import('./report.js')).registerReport,
  },
  {
    spec: 'match <file>',
    options: true,
    summary: 'duplicate match between two agents: runs of two slots with the seats swapped and the same chance draws',
    load: async () => (await import('./match.js')).registerMatch,
  },
  {
    spec: 'tournament <config>',
    options: true,
    summary: 'play a tournament config (games × participants × runs) into a resumable SQLite run store',
    load: async () => (await import('./tournament.js')).registerTournament,
  },
  {
    spec: 'records',
    options: false,
    summary: 'export or summarize a tournament run store; the league records: block commitments, labels, corrections',
    load: async () => (await import('./records.js')).registerRecords,
  },
  {
    spec: 'axes <path>',
    options: true,
    summary: 'measure the complexity axes (GENSTRAT v2 or v1, Appendix C) of a game or of every game of a pool',
    load: async () => (await import('./axes.js')).registerAxes,
  },
  {
    spec: 'select',
    options: true,
    summary: 'choose a benchmark from a pool by farthest-point sampling in the axis space; print coverage, correlations and VIFs',
    load: async () => (await import('./select.js')).registerSelect,
  },
  {
    spec: 'study <file> [study]',
    options: true,
    summary: 'run a whole GENSTRAT study from one file (pool, axes, selection, re-score, tournament, analysis, report), resumable',
    load: async () => (await import('./study.js')).registerStudy,
  },
  {
    spec: 'ladder',
    options: false,
    summary: 'graded bot ladders (Lv0 = random … LvK) and (level, progress) ratings against them',
    load: async () => (await import('./ladder.js')).registerLadder,
  },
  {
    spec: 'worker',
    options: true,
    summary: 'play the slots of tournaments queued on a Redis (gbgc tournament --queue), on this machine, until stopped',
    load: async () => (await import('./worker.js')).registerWorker,
  },
  {
    spec: 'queue',
    options: false,
    summary: 'inspect the Redis queue of distributed tournaments',
    load: async () => (await import('./queue.js')).registerQueue,
  },
  {
    spec: 'policy',
    options: false,
    summary: "inspect saved policies (gbgc solve --save, the cfr agent's cache)",
    load: async () => (await import('./policy.js')).registerPolicy,
  },
  {
    spec: 'reference',
    options: false,
    summary: "exact references of the league's casino games: blackjack basic strategy, house edge and action values; roulette's optimal target policy",
    load: async () => (await import('./reference.js')).registerReference,
  },
];
