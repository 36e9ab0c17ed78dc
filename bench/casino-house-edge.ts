/**
 * The blackjack reference's house edges against published figures (docs/references.md, table
 * "Validation"): composition-dependent optimal play off the top of a full shoe for each ruleset,
 * the published figure, the difference in percentage points and the CPU seconds each took. Too slow
 * for a test (about 35 s per six-deck ruleset); the one-deck figure is also checked in
 * test/algorithms/casino-blackjack.test.ts.
 * Run: `npx tsx bench/casino-house-edge.ts [--json]`.
 */
import { BlackjackReference, type BlackjackReferenceOptions } from '../src/algorithms/index.js';

interface Row {
  ruleset: string;
  options: BlackjackReferenceOptions;
  /** Published house edge in percent, and where. */
  published?: number;
  source?: string;
}

const ROWS: Row[] = [
  {
    ruleset: 'league: 6 decks, S17, DAS, 4 hands, no RSA, peek',
    options: {},
    published: 0.44,
    source: 'blackjackguru.wordpress.com chart "6 decks, S17, DAS, No Surrender, Peek"',
  },
  {
    ruleset: '5 decks, S17 (otherwise the league rules)',
    options: { rules: { decks: 5 } },
    published: 0.3804,
    source: 'Wizard of Odds, Blackjack Appendix 9, 5ds17r4',
  },
  {
    ruleset: '1 deck, S17 (otherwise the league rules)',
    options: { rules: { decks: 1 } },
    published: -0.1839,
    source: 'Wizard of Odds, Blackjack Appendix 9, 1ds17r4',
  },
  {
    ruleset: '5 decks, H17 (otherwise the league rules)',
    options: { rules: { decks: 5, hitSoft17: true } },
    published: 0.5918,
    source: 'Wizard of Odds, Blackjack Appendix 9, 5dh17r4',
  },
  {
    ruleset: '6 decks, H17 (otherwise the league rules)',
    options: { rules: { hitSoft17: true } },
    published: 0.639,
    source: 'Wizard of Odds house-edge calculator, as quoted on wizardofvegas.com thread 39582',
  },
  { ruleset: 'infinite deck, S17 (otherwise the league rules)', options: { deck: 'infinite' } },
];

const json = process.argv.includes('--json');
const out: Record<string, unknown>[] = [];
for (const row of ROWS) {
  const t0 = process.cpuUsage();
  const he = new BlackjackReference(row.options).houseEdge();
  const t = process.cpuUsage(t0);
  const pct = he.houseEdge * 100;
  const r = {
    ruleset: row.ruleset,
    houseEdgePercent: Number(pct.toFixed(4)),
    published: row.published,
    differencePp: row.published === undefined ? undefined : Number((pct - row.published).toFixed(4)),
    source: row.source,
    cpuSeconds: Number(((t.user + t.system) / 1e6).toFixed(1)),
  };
  out.push(r);
  if (!json)
    console.log(
      `${r.ruleset}: ${r.houseEdgePercent}%${r.published !== undefined ? ` (published ${r.published}%, difference ${r.differencePp} pp)` : ''} in ${r.cpuSeconds} s`,
    );
}
if (json) console.log(JSON.stringify(out, null, 2));
