/**
 * `gbgc play FILE [--as SEAT] [--vs AGENT] [--policy FILE] [--seed S] [--record hand.json]`: a person plays one game in the terminal
 * against an agent (at a table of 3 to 6 seats, against an agent in every other seat, or one
 * agent per other seat: `--vs random,equity`). Shows only what the person's seat may see (its observation), lists the
 * legal actions with what each costs, accepts a reply in the grammar of `render/reply.ts` (the
 * same replies a turn prompt asks for: `call`, `bet 3`, `{"action": "bet", "amount": 3}`), and
 * re-asks on bad input. Reads
 * lines from standard input, so it works on a terminal and with piped input. `--record` writes the
 * game's replay record (every action, chance included; an LLM opponent's prompts and raw replies)
 * for `gbgc view`.
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { cfrPolicyFor } from '../policy-cache.js';
import type { RegisterCommand } from './index.js';
import { loadAnyGame } from '../load.js';
import { UsageError, UserError, parseSeedOption } from '../errors.js';
import { CHANCE, type Action, type Observation } from '../../interpreter/api.js';
import { sampleChanceOutcome } from '../../interpreter/chance.js';
import { episodeRng } from '../../interpreter/rng.js';
import { agentsOption } from '../agents.js';
import { describeTurn, parsePlayReply } from '../terminal-turn.js';
import { renderTurnPrompt } from '../../render/prompt.js';
import type { LlmKindAgent } from '../../eval/llm/kind.js';
import { createAgent } from '../../eval/agents/index.js';
import { asPlayer } from '../../eval/agents/player.js';
import { recordReplay, type DecisionNote } from '../../eval/report/replay.js';
import { llmNote } from '../../eval/report/slot-replay.js';
import { writeFileAtomic } from '../io.js';
import { refuseOutputOverInput } from '../../util/fs.js';
import { formatChips as chips } from '../../util/format.js';

/**
 * Resolve `--as`: a seat name (any case). Numbers are refused: people see seats by name (and
 * the rulebook numbers them from 1), so an index here would be read two ways.
 * @throws UsageError for anything else
 */
export function seatOption(text: string, seats: readonly string[]): number {
  const t = text.trim();
  const i = seats.findIndex((s) => s.toLowerCase() === t.toLowerCase());
  if (i < 0) throw new UsageError(`--as takes a seat name, ${seats.slice(0, -1).join(', ')} or ${seats[seats.length - 1]}; got '${text}'`);
  return i;
}

export const registerPlay: RegisterCommand = (cmd, ctx) =>
  cmd
    .argument('<file>', '.gbg file')
    .option('--as <seat>', 'your seat, by name (default: the first seat)')
    .option(
      '--vs <agent>',
      'the opponent agent: a registered name, or llm:PROVIDER/MODEL (key from the environment, see docs/llm.md); at a table of more than two seats it plays every other seat, or give one name per other seat, comma-separated, clockwise from the seat after yours',
      'random',
    )
    .option(
      '--policy <file>',
      'policy for the cfr agent, saved by gbgc solve --save (default: solve the game once and cache the policy in .gbgc-cache/ next to it)',
    )
    .option('--seed <s>', 'seed of the deal and of the opponent (default: a random seed, printed)')
    .option('--show-prompt', 'at each of your turns, print the full turn prompt an LLM player would receive')
    .option('--record <file>', 'when the game ends, write its replay record (JSON) here, for gbgc view')
    .addHelpText(
      'after',
      '\nAnswer each decision with the action\'s name, and its amount for a range (e.g. "call", "bet 3"),\nor with the JSON reply a turn prompt asks for (e.g. {"action": "bet", "amount": 3}). A unique\nprefix of a name is enough ("c" for "call" when nothing else starts with c), and a number alone\nwhen the decision has one range of amounts ("3" for "bet 3").\n\nExamples:\n  gbgc play examples/kuhn.gbg --as Bob\n  gbgc play examples/leduc.gbg --record hand.json && gbgc view hand.json -o hand.html\n  echo "check" | gbgc play examples/kuhn.gbg --seed 3\n  gbgc play examples/league-holdem.gbg --as B --vs heuristic,equity --record hand.json\n  OPENAI_API_KEY=... gbgc play examples/leduc.gbg --vs llm:openai/gpt-4o-mini',
    )
    .action(async (file: string, opts: { as?: string; vs: string; seed?: string; showPrompt?: boolean; policy?: string; record?: string }) => {
      const seed = opts.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : parseSeedOption(opts.seed);
      refuseOutputOverInput([opts.record], [file, opts.policy]);
      const { ir, source, game } = loadAnyGame(file);
      // Refuse a record path that cannot be written before the person plays the game, not after.
      if (opts.record !== undefined) {
        if (opts.record.trim() === '') throw new UsageError('--record needs a file name');
        const folder = dirname(opts.record);
        const kind = (p: string): 'folder' | 'file' | null => {
          try {
            return statSync(p).isDirectory() ? 'folder' : 'file';
          } catch {
            return null;
          }
        };
        if (kind(folder) !== 'folder') throw new UserError(`cannot write ${opts.record}: the folder ${folder} does not exist`);
        if (kind(opts.record) === 'folder') throw new UserError(`cannot write ${opts.record}: it is a folder`);
      }
      const seat = opts.as === undefined ? 0 : seatOption(opts.as, ir.seats);
      const n = game.numSeats;
      // The agents of the other seats, clockwise from the seat after the person's: one name for all, or one each.
      const names = opts.vs.split(',').map((x) => x.trim());
      if (names.length !== 1 && names.length !== n - 1)
        throw new UsageError(
          `--vs takes one agent name${n > 2 ? ` (for every other seat) or ${n - 1} names, one per other seat clockwise from yours,` : ','} got '${opts.vs}'`,
        );
      const others = Array.from({ length: n - 1 }, (_, k) => (seat + 1 + k) % n);
      const bySeat = new Array<string>(n).fill(names[0]);
      others.forEach((s, k) => (bySeat[s] = names[names.length === 1 ? 0 : k]));
      // an LLM opponent is kept by its handle, to tell the person when its reply could not be used
      if (names.length > 1 && names.some((x) => x.startsWith('llm:'))) throw new UsageError('--vs: an llm: agent plays every other seat; give it alone');
      const llm = opts.vs.startsWith('llm:') ? ((await createAgent(opts.vs, game)) as LlmKindAgent) : null;
      const policy = llm ? opts.policy : cfrPolicyFor(ctx, file, game, [...new Set(names)], opts.policy);
      const players = llm ? bySeat.map(() => asPlayer(llm, game)) : await agentsOption(bySeat.join(','), game, { policy });
      const against = [...new Set(others.map((s) => players[s].name))].join(', ');
      const out = ctx.io.stdout;
      const rl = createInterface({ input: ctx.io.stdin, terminal: false, crlfDelay: Infinity });
      // On a terminal the person's typing is echoed by the terminal; piped answers are echoed here.
      const echo = !(ctx.io.stdin as { isTTY?: boolean }).isTTY;
      const lines = rl[Symbol.asyncIterator]();
      const ask = async (): Promise<string> => {
        const next = await lines.next();
        if (next.done) throw new UserError('standard input ended before the game was over');
        return next.value;
      };
      try {
        out(
          `${ir.name}: you are ${ir.seats[seat]} (seat ${seat + 1}) against ${n === 2 ? against : others.map((s) => `${ir.seats[s]} (${players[s].name})`).join(', ')}; seed ${seed}\n`,
        );
        const rng = episodeRng(seed, 0);
        const state = game.newInitialState();
        // Every action from the initial state, for --record; notes of the LLM opponent's moves by history index.
        const history: { player: number; action: Action }[] = [];
        const notes: Record<number, DecisionNote> = {};
        const apply = (player: number, action: Action): void => {
          history.push({ player, action });
          state.applyAction(action);
        };
        let shown = 0;
        const showNews = (obs: Observation): void => {
          for (const e of obs.log.slice(shown)) out(`  ${e.text}${e.reason ? ` Why: ${e.reason}.` : ''}\n`);
          shown = obs.log.length;
        };
        while (!state.isTerminal()) {
          const player = state.currentPlayer();
          if (player === CHANCE) apply(player, sampleChanceOutcome(state, rng));
          else if (player !== seat) {
            const prompt = llm && opts.record ? renderTurnPrompt(state.observation(player)) : '';
            const a = players[player].act(state, player, rng);
            const index = history.length;
            apply(player, typeof a === 'number' ? a : await a);
            const last = llm?.llm.records.at(-1);
            const note = last ? llmNote({ kind: 'llm', ...last }, () => prompt) : undefined;
            if (note) notes[index] = note;
            if (last?.fallbackReason) out(`  (${players[player].name}: no usable reply (${last.fallbackReason}); a random legal action was played)\n`);
          } else {
            const obs = state.observation(seat);
            if (opts.showPrompt) {
              out(renderTurnPrompt(obs));
              shown = obs.log.length;
            } else {
              showNews(obs);
              out(describeTurn(obs));
            }
            const menu = obs.decision?.menu ?? [];
            let action: Action | null = null;
            while (action === null) {
              out('Your move: ');
              const answer = await ask();
              if (echo) out(`${answer}\n`);
              const reply = parsePlayReply(answer, menu);
              if (reply.ok) action = reply.action;
              else out(`${reply.message}\n`);
            }
            apply(player, action);
          }
        }
        if (opts.record) {
          const participants = ir.seats.map((_, i) => (i === seat ? 'human' : players[i].name));
          const record = recordReplay(game, source, participants, history, Object.keys(notes).length ? { notes } : {});
          const text = `${JSON.stringify(record, null, 2)}\n`;
          try {
            writeFileAtomic(opts.record, text);
          } catch (e) {
            // The game just played is not lost with a full disk: it goes to the temporary folder,
            // or (when that fails too) to standard output, and the command still fails.
            const spare = join(tmpdir(), `gbgc-record-${process.pid}-${Date.now()}.json`);
            let where: string;
            try {
              writeFileAtomic(spare, text);
              where = `it was written to ${spare} instead`;
            } catch {
              ctx.io.stdout(text);
              where = 'it is printed above';
            }
            throw new UserError(`${(e as Error).message}; the record of this game is kept: ${where}`);
          }
        }
        const end = state.observation(seat);
        showNews(end);
        const won = (end.returns ?? state.returns())[seat];
        out(
          `Result: ${won > 0 ? `you won ${chips(won)}` : won < 0 ? `you lost ${chips(-won)}` : 'you broke even'}. Final stacks: ${ir.seats.map((s, i) => `${s} ${end.stacks[i]}`).join(', ')}.\n`,
        );
      } finally {
        rl.close();
      }
    });
