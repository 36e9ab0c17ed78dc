/**
 * `gbgc reference blackjack|roulette`: the exact references of the league's casino games
 * (docs/references.md). `blackjack` prints the basic-strategy chart and house edge for a ruleset
 * and deck, or every action's value at one decision (`--hand 10,6 --up 10`); `roulette` prints the
 * optimal single-bet policy's probability of reaching a bankroll target, its action at a state,
 * and the target regret of given bets.
 */
import type { RegisterCommand } from './index.js';
import {
  BlackjackReference,
  betLabel,
  bestActions,
  illegalBets,
  RouletteTargetReference,
  type BlackjackRules,
  type RouletteBet,
  type RouletteBetType,
} from '../../algorithms/index.js';
import { UsageError, parseIntOption } from '../errors.js';
import { info } from '../io.js';

const CARD_NAMES: Record<string, number> = { A: 1, T: 10, J: 10, Q: 10, K: 10 };

/** Parse cards `A,10,6` (A ace, 2..10, T J Q K ten-valued) into ranks 1..10. */
function parseCards(option: string, text: string): number[] {
  const cards = text.split(',').map((t) => t.trim().toUpperCase());
  return cards.map((c) => {
    const r = CARD_NAMES[c] ?? (/^\d+$/.test(c) ? Number(c) : Number.NaN);
    if (!(r >= 1 && r <= 10)) throw new UsageError(`${option} must be cards like A,10,6 (A or 1, 2..10, T, J, Q, K), got '${text}'`);
    return r;
  });
}

const cardName = (r: number): string => (r === 1 ? 'A' : String(r));
const fmt = (x: number): string => (x >= 0 ? ' ' : '') + x.toFixed(6);

/** Parse bets `red_black:red:100,dozen:1:50` (type:selection:stake). */
function parseBets(text: string): RouletteBet[] {
  if (text.trim() === '' || text.trim() === 'skip') return [];
  return text.split(',').map((part) => {
    const [type, selection, stake] = part.trim().split(':');
    if (stake === undefined || selection === undefined) throw new UsageError(`--bets must be type:selection:stake[,…] (e.g. red_black:red:100), got '${text}'`);
    return { type: type as RouletteBetType, selection, stake: parseIntOption('a --bets stake', stake, 1) };
  });
}

export const registerReference: RegisterCommand = (cmd, ctx) => {
  cmd
    .command('blackjack')
    .description("the blackjack reference for the league's rules or a variant: basic-strategy chart and house edge, or the values at one decision")
    .option('--decks <n>', 'decks in the shoe (composition-dependent)', '6')
    .option('--infinite', 'an infinite deck instead of a shoe')
    .option('--h17', 'the dealer hits soft 17 (default: stands on every 17)')
    .option('--no-peek', 'no hole-card peek: a dealer blackjack takes doubles and splits too')
    .option('--no-das', 'no double after split')
    .option('--max-hands <n>', 'most hands splits may make', '4')
    .option('--hand <cards>', 'value one decision: the hand, e.g. 10,6 or A,7 (A, 2..10, T, J, Q, K)')
    .option('--up <card>', "the dealer's up card (with --hand)")
    .option('--hands-in-play <n>', 'hands the player holds after splits (with --hand; 2 or more: a split hand)', '1')
    .option('--seen <cards>', 'other cards of the round out of the shoe (with --hand), e.g. the other split card')
    .option('--json', 'print as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  gbgc reference blackjack                  # league rules: chart and house edge (about 40 s)\n  gbgc reference blackjack --infinite\n  gbgc reference blackjack --hand 10,6 --up 10',
    )
    .action(
      (opts: {
        decks: string;
        infinite?: boolean;
        h17?: boolean;
        peek: boolean;
        das: boolean;
        maxHands: string;
        hand?: string;
        up?: string;
        handsInPlay: string;
        seen?: string;
        json?: boolean;
      }) => {
        const rules: Partial<BlackjackRules> = {
          decks: parseIntOption('--decks', opts.decks, 1, 64),
          hitSoft17: opts.h17 === true,
          dealerPeeks: opts.peek,
          doubleAfterSplit: opts.das,
          maxHands: parseIntOption('--max-hands', opts.maxHands, 1, 8),
        };
        const ref = new BlackjackReference({ rules, deck: opts.infinite ? 'infinite' : 'shoe' });
        if (opts.hand !== undefined || opts.up !== undefined) {
          if (opts.hand === undefined || opts.up === undefined) throw new UsageError('--hand and --up go together');
          const hand = parseCards('--hand', opts.hand);
          const [up] = parseCards('--up', opts.up);
          const inPlay = parseIntOption('--hands-in-play', opts.handsInPlay, 1, rules.maxHands!);
          const seen = opts.seen === undefined ? [] : parseCards('--seen', opts.seen);
          const values = ref.actionValues({ hand, dealerUp: up, handsInPlay: inPlay, seen });
          const best = values ? bestActions(values) : [];
          if (opts.json) {
            ctx.io.stdout(
              `${JSON.stringify({ reference: ref.name, rules: ref.rules, hand, dealerUp: up, handsInPlay: inPlay, seen, values: values ? Object.fromEntries(values) : null, best }, null, 2)}\n`,
            );
            return;
          }
          const head = `${hand.map(cardName).join(',')} vs ${cardName(up)} (${ref.name})`;
          if (!values) {
            ctx.io.stdout(`${head}: no decision (a blackjack, a bust, fewer than two cards, or a split ace with its one card)\n`);
            return;
          }
          const lines = [`${head}, values per initial bet${ref.rules.dealerPeeks ? ', after the peek' : ''}:`];
          for (const [a, v] of values) lines.push(`  ${a.padEnd(6)} ${fmt(v)}${best.includes(a) ? '  best' : ''}`);
          ctx.io.stdout(`${lines.join('\n')}\n`);
          return;
        }
        info(ctx, `computing every initial hand of ${ref.name}${ref.infinite ? '' : ' (composition-dependent: about 40 s for 6 decks)'}…\n`, 'stderr');
        const chart = ref.basicStrategy();
        const edge = ref.houseEdge();
        if (opts.json) {
          ctx.io.stdout(
            `${JSON.stringify({ reference: ref.name, rules: ref.rules, houseEdge: edge.houseEdge, playerBlackjack: edge.playerBlackjack, basicStrategy: chart }, null, 2)}\n`,
          );
          return;
        }
        const head = `     ${chart.upCards.map((u) => cardName(u).padStart(3)).join('')}`;
        const lines = [
          `${ref.name}: house edge ${(edge.houseEdge * 100).toFixed(4)}% (optimal composition-dependent play, top of the shoe)`,
          '',
          'Basic strategy (S stand, H hit, D double, P split):',
          head,
        ];
        for (const rows of [chart.hard, chart.soft, chart.pairs])
          for (const [k, v] of Object.entries(rows)) lines.push(`${k.padStart(5)}${v.map((x) => x.padStart(3)).join('')}`);
        ctx.io.stdout(`${lines.join('\n')}\n`);
      },
    );

  cmd
    .command('roulette')
    .description('the optimal single-bet policy for reaching a bankroll target (American wheel, league limits), and the target regret of bets')
    .requiredOption('--target <chips>', 'the bankroll to end the session with (or more)')
    .option('--bankroll <chips>', 'the starting bankroll', '1000')
    .option('--spins <n>', 'spins per session', '50')
    .option('--at <bankroll:spins>', 'the state to show: bankroll and spins left (default: the start)')
    .option('--bets <bets>', 'bets to score at that state: type:selection:stake[,…], e.g. red_black:red:100 (or skip)')
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExamples:\n  gbgc reference roulette --target 1500\n  gbgc reference roulette --target 1500 --at 900:10 --bets straight_up:17:5')
    .action((opts: { target: string; bankroll: string; spins: string; at?: string; bets?: string; json?: boolean }) => {
      const bankroll = parseIntOption('--bankroll', opts.bankroll, 1, 1_000_000);
      const spins = parseIntOption('--spins', opts.spins, 1, 1000);
      const target = parseIntOption('--target', opts.target, 1, 1_000_000);
      let at = { bankroll, spinsLeft: spins };
      if (opts.at !== undefined) {
        const [b, n] = opts.at.split(':');
        if (n === undefined) throw new UsageError(`--at must be BANKROLL:SPINS_LEFT, e.g. 900:10, got '${opts.at}'`);
        at = { bankroll: parseIntOption('--at bankroll', b, 0, 1_000_000), spinsLeft: parseIntOption('--at spins left', n, 0, spins) };
      }
      const ref = new RouletteTargetReference({ target, bankroll, spins });
      const p = ref.successProbability(at.bankroll, at.spinsLeft);
      const action = ref.policy(at.bankroll, at.spinsLeft);
      let scored: { bets: string; value: number; targetRegret: number } | undefined;
      if (opts.bets !== undefined) {
        const bets = parseBets(opts.bets);
        const why = illegalBets(bets, at.bankroll, ref.limits);
        if (why) throw new UsageError(`--bets: ${why}`);
        if (at.spinsLeft === 0 && bets.length > 0) throw new UsageError('--bets: no spin is left at that state');
        scored = { bets: betLabel(bets), value: ref.betValue(at.bankroll, at.spinsLeft, bets), targetRegret: ref.targetRegret({ ...at, bets }) };
      }
      if (opts.json) {
        ctx.io.stdout(`${JSON.stringify({ reference: ref.name, limits: ref.limits, target, at, successProbability: p, action, scored }, null, 2)}\n`);
        return;
      }
      const kindName = { skip: 'skip', even_money: 'even money', dozen_column: 'dozen/column', straight_up: 'straight up' }[action.kind];
      const what = action.kind === 'skip' ? 'skip' : `${kindName} ${action.stake} (e.g. ${betLabel(action.bets)})`;
      const lines = [
        `${ref.name}: from ${at.bankroll} chips with ${at.spinsLeft} spins left, the optimal single-bet policy reaches ${target} with probability ${p.toFixed(6)}`,
        `  its action: ${what}`,
      ];
      if (scored) lines.push(`  ${scored.bets}: probability ${scored.value.toFixed(6)}, target regret ${scored.targetRegret.toFixed(6)}`);
      ctx.io.stdout(`${lines.join('\n')}\n`);
    });
  return cmd;
};
