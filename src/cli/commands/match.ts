/**
 * `gbgc match FILE --agents A,B [--runs N] [--seed S] [--policy FILE] [--json]`: a duplicate match
 * (each run two slots with the seats swapped and the same chance draws); the chips A wins per game
 * with the paired standard error, A's margin over B (twice that), and A's results per seat.
 */
import { createInterface } from 'node:readline';
import type { RegisterCommand } from './index.js';
import { loadCompiledGame } from '../load.js';
import { UsageError, UserError, parseIntOption, parseSeedOption, MAX_COUNT } from '../errors.js';
import { AGENTS, agentNames, createParticipantAgent, makeParticipant, type Participant } from '../../eval/agents/index.js';
import type { HumanIO } from '../../eval/agents/human.js';
import { playMatch, summarizeRuns, type MatchSummary } from '../../eval/match/index.js';
import { startProgress } from '../progress.js';
import { describeTurn } from '../terminal-turn.js';
import { parseReply } from '../../render/reply.js';
import type { CliContext } from '../io.js';
import { formatSigned } from '../../util/format.js';

/** The JSON report of `gbgc match`. */
export interface MatchReport extends MatchSummary {
  game: string;
  rulesetHash: string;
  seed: number;
  /** A and B: name, kind, participant id, and how each plays this game. */
  agents: { name: string; kind: string; id: string; notes: Record<string, unknown> | null }[];
  /** Seat names, in the order of `perSeat`. */
  seats: [string, string];
}

const signed = (x: number): string => formatSigned(x, 4, '-');

/** The human-readable report. */
export function formatMatch(r: MatchReport): string {
  const [a, b] = r.agents;
  const lines = [
    `${r.game}: ${a.name} vs ${b.name}, ${r.runs} runs (${2 * r.runs} slots, seats swapped within each run), seed ${r.seed}`,
    `  chips won by ${a.name}   ${signed(r.meanReturn)} ± ${r.pairedSE.toFixed(4)} chips/game (± 1 paired standard error; unpaired ${r.unpairedSE.toFixed(4)})`,
    `  margin of ${a.name} over ${b.name}   ${signed(2 * r.meanReturn)} chips/game (${a.name}'s chips − ${b.name}'s chips, the scale of gbgc analyze)`,
    ...r.perSeat.map((s, i) => `  ${a.name} as ${r.seats[i]}`.padEnd(a.name.length + 16) + `${signed(s.mean)} ± ${s.se.toFixed(4)}`),
    `  ruleset ${r.rulesetHash.slice(0, 16)}…`,
  ];
  return `${lines.join('\n')}\n`;
}

/** A terminal for the human agent over the command's standard input and output. */
function terminal(ctx: CliContext): { io: HumanIO; close: () => void } {
  const rl = createInterface({ input: ctx.io.stdin, terminal: false, crlfDelay: Infinity });
  const lines = rl[Symbol.asyncIterator]();
  const echo = !(ctx.io.stdin as { isTTY?: boolean }).isTTY;
  return {
    io: {
      show: (t) => ctx.io.stdout(t),
      ask: async (q) => {
        ctx.io.stdout(q);
        const next = await lines.next();
        if (next.done) throw new UserError('standard input ended before the game was over');
        if (echo) ctx.io.stdout(`${next.value}\n`);
        return next.value;
      },
      describe: describeTurn,
      parse: parseReply,
    },
    close: () => rl.close(),
  };
}

export const registerMatch: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<file>', '.gbg file')
    .requiredOption('--agents <a,b>', `the two agents A and B (known: ${agentNames().join(', ')})`)
    .option('-r, --runs <n>', 'number of runs (each run is two slots)', '1000')
    .option('--seed <s>', 'seed of the play seeds (a whole number)', '1')
    .option('--policy <file>', 'policy for the cfr agent, saved by gbgc solve --save')
    .option('--json', 'print the figures as JSON')
    .addHelpText(
      'after',
      '\nRun r plays A in the first seat, then A in the second seat, with the same play seed (from the seed, the ruleset\n' +
        'hash, r and the two participant ids): the same cards reach the same seat in both slots. It reports the chips\n' +
        "A wins per game (meanReturn) with its paired standard error (the SD of the per-run means / √runs), and A's\n" +
        "margin over B (A's chips − B's chips per game = 2 × meanReturn, the scale of gbgc analyze and report).\n" +
        'JSON fields: game, rulesetHash, seed, agents [{name, kind, id, notes}], seats, runs, meanReturn, pairedSE,\n' +
        'unpairedSE, perSeat [{mean, se}] (A in the first seat, A in the second seat).\n\n' +
        'Examples:\n  gbgc match examples/kuhn.gbg --agents cfr,random --runs 2000\n  gbgc match examples/leduc.gbg --agents heuristic,l1 --json',
    )
    .action(async (file: string, opts: { agents: string; runs: string; seed: string; policy?: string; json?: boolean }) => {
      const runs = parseIntOption('--runs', opts.runs, 1, MAX_COUNT);
      const seed = parseSeedOption(opts.seed);
      const names = opts.agents.split(',').map((s) => s.trim());
      if (names.length !== 2 || names.some((n) => n === '')) throw new UsageError(`--agents takes two agent names separated by a comma, got '${opts.agents}'`);
      for (const n of names) if (!Object.hasOwn(AGENTS, n)) throw new UsageError(`unknown agent '${n}'; known agents: ${agentNames().join(', ')}`);
      if (opts.policy !== undefined && !names.includes('cfr')) throw new UsageError('--policy is played by the cfr agent, and no cfr agent was chosen');
      const { ir, game } = loadCompiledGame(file);
      const parts: Participant[] = names.map((n) =>
        makeParticipant({ kind: n, ...(n === 'cfr' && opts.policy ? { policy: opts.policy } : {}) }, `--agents ${n}`),
      );
      const term = names.includes('human') ? terminal(ctx) : null;
      try {
        const [a, b] = await Promise.all(parts.map((p) => createParticipantAgent(p, game, term ? { human: term.io } : undefined)));
        const progress = startProgress(ctx.io, runs, 'match [{bar}] {value}/{total} runs');
        let results;
        try {
          results = await playMatch(game, a, b, { runs, seed, ids: [parts[0].id, parts[1].id], onRun: (d) => d % 100 === 0 && progress.update(d) });
        } finally {
          progress.stop();
        }
        const report: MatchReport = {
          game: ir.name,
          rulesetHash: game.rulesetHash,
          seed,
          agents: parts.map((p, i) => ({ name: p.name, kind: p.kind, id: p.id, notes: ([a, b][i].notes as Record<string, unknown> | undefined) ?? null })),
          seats: [ir.seats[0], ir.seats[1]],
          ...summarizeRuns(results),
        };
        ctx.io.stdout(opts.json ? `${JSON.stringify(report, null, 2)}\n` : formatMatch(report));
      } finally {
        term?.close();
      }
    });
