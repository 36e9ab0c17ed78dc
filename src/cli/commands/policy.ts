/**
 * `gbgc policy show FILE [--game GAME.gbg] [--infostate TEXT] [--json]`: a saved policy (from
 * `gbgc solve --save` or the cfr agent's cache) in readable form: per information state, the
 * seat, what it knows (its cards, public cards and the moves it saw, by name when the game is
 * given) and each action's probability.
 */
import type { RegisterCommand } from './index.js';
import { loadPolicyFile, type SavedPolicy } from '../../algorithms/policy-file.js';
import { loadCompiledGame } from '../load.js';
import { CHANCE, type Game, type GameState } from '../../interpreter/api.js';
import { UserError, parseIntOption } from '../errors.js';

/** Events that say nothing about a decision (left out of an information state's description). */
const SETUP_KINDS = new Set(['phase', 'subphase', 'shuffle', 'round', 'loop-end']);

/** One information state of a policy, described. */
export interface ShownInfoState {
  key: string;
  /** Seat name, or null when the game was not given. */
  seat: string | null;
  /** What the seat knows, in words (null without the game, or when the walk did not reach it). */
  description: string | null;
  /** Action → probability, as saved. */
  actions: Record<string, number>;
}

/**
 * Describe each information state of `game` reachable within `maxNodes` histories: the seat
 * to act, its hand, the public piles, and the events it saw (setup events left out).
 * @returns key → { seat, description }
 */
export function describeInfoStates(game: Game, maxNodes: number): Map<string, { seat: number; description: string }> {
  const out = new Map<string, { seat: number; description: string }>();
  let nodes = 0;
  const walk = (s: GameState): void => {
    if (++nodes > maxNodes || s.isTerminal()) return;
    const p = s.currentPlayer();
    if (p === CHANCE) {
      for (const [a] of s.chanceOutcomes()) {
        const c = s.clone();
        c.applyAction(a);
        walk(c);
      }
      return;
    }
    const key = s.informationStateKey(p);
    if (!out.has(key)) {
      const obs = s.observation(p);
      const parts = [`${obs.seatNames[p]} holds ${obs.hand.length ? obs.hand.join(', ') : 'no cards'}`];
      for (const [pile, cards] of Object.entries(obs.publicPiles)) if (cards.length) parts.push(`${pile}: ${cards.join(', ')}`);
      const seen = obs.log.filter((e) => !SETUP_KINDS.has(e.kind) && e.kind !== 'deal' && e.kind !== 'ante').map((e) => e.text.replace(/\.$/, ''));
      parts.push(seen.length ? `after: ${seen.join('; ')}` : 'first to act');
      out.set(key, { seat: p, description: parts.join('; ') });
    }
    for (const a of s.legalActions()) {
      const c = s.clone();
      c.applyAction(a);
      walk(c);
    }
  };
  walk(game.newInitialState());
  return out;
}

/** The information states of `saved`, described with `game` when given, filtered by `filter` (a key, or text of the description, any case). */
export function showPolicy(saved: SavedPolicy, game: Game | null, filter: string | undefined, maxNodes: number): ShownInfoState[] {
  const described = game ? describeInfoStates(game, maxNodes) : new Map<string, { seat: number; description: string }>();
  const rows: ShownInfoState[] = Object.entries(saved.policy).map(([key, actions]) => {
    const d = described.get(key);
    return { key, seat: d && game ? game.ir.seats[d.seat] : null, description: d?.description ?? null, actions };
  });
  const f = filter?.toLowerCase();
  const kept = f === undefined ? rows : rows.filter((r) => r.key === filter || (r.description?.toLowerCase().includes(f) ?? false));
  return kept.sort((a, b) => (a.description ?? a.key).localeCompare(b.description ?? b.key));
}

/** The readable listing. */
export function formatPolicy(saved: SavedPolicy, rows: readonly ShownInfoState[], total: number): string {
  const head = `${saved.game}: ${saved.iterations} iterations, exploitability ${saved.exploitability.toPrecision(3)} chips/game, ruleset ${saved.rulesetHash.slice(0, 12)}…; ${rows.length === total ? `${total} information states` : `${rows.length} of ${total} information states`}`;
  const lines = [head];
  for (const r of rows) {
    lines.push('', r.description ?? r.key);
    const width = Math.max(...Object.keys(r.actions).map((k) => k.length));
    for (const [a, q] of Object.entries(r.actions)) lines.push(`  ${a.padEnd(width)}  ${q.toFixed(4)}`);
  }
  return `${lines.join('\n')}\n`;
}

export const registerPolicy: RegisterCommand = (cmd, ctx) => {
  cmd
    .command('show')
    .description("print a saved policy readably: each information state, what the seat knows, each action's probability")
    .argument('<file>', 'policy file (gzip-compressed or plain JSON)')
    .option('--game <file>', "the .gbg game, to describe information states by cards and moves (it must have the policy's ruleset hash)")
    .option('--infostate <text>', 'only the information states with this key, or whose description contains this text (e.g. "K of hearts")')
    .option('--max-nodes <n>', 'most histories walked to describe information states', '2000000')
    .option('--json', 'print the information states as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  gbgc policy show kuhn.policy --game examples/kuhn.gbg\n  gbgc policy show kuhn.policy --game examples/kuhn.gbg --infostate "K of hearts"',
    )
    .action((file: string, opts: { game?: string; infostate?: string; maxNodes: string; json?: boolean }) => {
      const maxNodes = parseIntOption('--max-nodes', opts.maxNodes, 1, 1_000_000_000);
      const saved = loadPolicyFile(file);
      let game: Game | null = null;
      if (opts.game !== undefined) {
        const { rulesetHash, game: compiled } = loadCompiledGame(opts.game);
        if (rulesetHash !== saved.rulesetHash)
          throw new UserError(
            `${file}: the policy was computed for ruleset ${saved.rulesetHash.slice(0, 12)}… ('${saved.game}'), not for ${opts.game}'s ruleset ${rulesetHash.slice(0, 12)}…`,
          );
        game = compiled;
      }
      const rows = showPolicy(saved, game, opts.infostate, maxNodes);
      if (opts.infostate !== undefined && rows.length === 0)
        throw new UserError(`no information state of ${file} matches '${opts.infostate}'${game ? '' : ' (give --game to match on cards and moves)'}`);
      const total = Object.keys(saved.policy).length;
      if (opts.json)
        ctx.io.stdout(
          `${JSON.stringify({ game: saved.game, rulesetHash: saved.rulesetHash, iterations: saved.iterations, exploitability: saved.exploitability, infoStates: rows }, null, 2)}\n`,
        );
      else ctx.io.stdout(formatPolicy(saved, rows, total));
    });
  return cmd;
};
