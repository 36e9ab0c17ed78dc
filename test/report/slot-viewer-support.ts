/**
 * Shared by the slot-viewer tests (`slot-viewer.test.ts`, `slot-viewer-browser.test.ts`): a small
 * tournament on Leduc played into a run store through the tournament API, a slot's replay record
 * read back from the store, and the cards a seat never saw.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CompiledGame } from '../../src/interpreter/game.js';
import type { Agent } from '../../src/eval/agents/index.js';
import type { ReplayRecord } from '../../src/eval/report/replay.js';
import { replayFromStore } from '../../src/eval/report/slot-replay.js';
import { RunStore } from '../../src/eval/store/index.js';
import { buildPlan, makeAgents, openStoreFor, readConfig, runTournament, type TournamentPlan } from '../../src/eval/tournament/index.js';

export const LEDUC = resolve('examples/leduc.gbg');

/** HTML-escape text as the viewer does. */
export const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The cards the opponent of `seat` held at some point of `history` that never reached `seat`'s
 * observation (its hand, the public piles, face-up cards, or the text of an event it saw).
 */
export function unrevealedCards(game: CompiledGame, history: readonly { action: number }[], seat: 0 | 1): { mine: string[]; hidden: string[] } {
  const state = game.newInitialState();
  const opp = new Set<string>();
  const mine = new Set<string>();
  const seen: string[] = [];
  const look = () => {
    for (const c of state.observation(1 - seat).hand) opp.add(c);
    const o = state.observation(seat);
    for (const c of o.hand) mine.add(c);
    seen.push(...o.hand, ...Object.values(o.publicPiles).flat(), ...(o.faceUp?.flat() ?? []), ...o.log.map((e) => e.text));
  };
  look();
  for (const h of history) {
    state.applyAction(h.action);
    look();
  }
  const text = seen.join('\n');
  return { mine: [...mine], hidden: [...opp].filter((c) => !text.includes(c)) };
}

/** Write a tournament config in `dir` and play it into `<dir>/<name>.db` in-process; returns the plan. */
export async function playTournament(
  dir: string,
  name: string,
  participants: Record<string, unknown>[],
  runs: number,
  seed: number,
  agentsFor?: (plan: TournamentPlan) => Promise<Map<string, Agent>>,
): Promise<{ plan: TournamentPlan; db: string }> {
  const cfg = join(dir, `${name}.yaml`);
  const db = join(dir, `${name}.db`);
  writeFileSync(cfg, JSON.stringify({ games: { files: [LEDUC] }, participants, runs, seed, store: `${name}.db` }));
  const plan = buildPlan(cfg, readConfig(cfg), db);
  const agents = agentsFor ? await agentsFor(plan) : await makeAgents(plan);
  const store = openStoreFor(plan);
  try {
    await runTournament(plan, store, agents);
  } finally {
    store.close();
  }
  return { plan, db };
}

/** The replay record of slot `id` of the store `db`. */
export const recordOf = (db: string, id: string): ReplayRecord => {
  const s = RunStore.openReadOnly(db);
  try {
    return replayFromStore(s, id);
  } finally {
    s.close();
  }
};
