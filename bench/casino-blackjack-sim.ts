/**
 * A composition-dependent optimal player over many rounds of the league's blackjack, dealt by a
 * simulator written here (a freshly shuffled 6-deck shoe every round, the dealer's hole card dealt
 * before the player acts, the peek, 3:2, double on two cards, double after split, up to four hands,
 * one card to split aces): the mean net per initial bet must land within 3 standard errors of the
 * reference's house edge (docs/references.md). The player asks the reference for every decision
 * (`actionValues` with the other split hands' cards as `seen`) and takes the best action.
 * Run: `npx tsx bench/casino-blackjack-sim.ts [ROUNDS=1000000] [SEED=1] [--json]`.
 */
import { BlackjackReference, type BlackjackAction } from '../src/algorithms/index.js';
import { rngFromKeys, type Rng } from '../src/util/rng.js';

const rounds = Number(process.argv[2] ?? 1_000_000);
const seed = Number(process.argv[3] ?? 1);
const json = process.argv.includes('--json');
const HOUSE_EDGE = 0.004026; // the reference's figure (bench/casino-house-edge.ts)

const ref = new BlackjackReference();
const rng: Rng = rngFromKeys(seed, 32);

/** A full 6-deck shoe of ranks 1..10 (tens four times as many). */
const FULL: number[] = [];
for (let d = 0; d < 6; d++) for (let r = 1; r <= 13; r++) for (let s = 0; s < 4; s++) FULL.push(Math.min(r, 10));

const total = (cards: readonly number[]): number => {
  const hard = cards.reduce((a, b) => a + b, 0);
  return cards.includes(1) && hard + 10 <= 21 ? hard + 10 : hard;
};
const isSoft17 = (cards: readonly number[]): boolean => {
  const hard = cards.reduce((a, b) => a + b, 0);
  return cards.includes(1) && hard + 10 === 17;
};

/** One round; returns the net in initial-bet units. Cards are drawn without replacement by a partial Fisher–Yates over a copy of the shoe. */
function playRound(): number {
  const shoe = FULL.slice();
  let left = shoe.length;
  const draw = (): number => {
    const i = Math.floor(rng() * left);
    const c = shoe[i];
    shoe[i] = shoe[--left];
    return c;
  };
  const p1 = draw();
  const up = draw();
  const p2 = draw();
  const hole = draw();
  const dealerBJ = (up === 1 && hole === 10) || (up === 10 && hole === 1);
  const playerBJ = (p1 === 1 && p2 === 10) || (p1 === 10 && p2 === 1);
  if (playerBJ) return dealerBJ ? 0 : 1.5;
  if (dealerBJ) return -1; // the peek: only the initial bet is lost
  // Hands to play, in order; each with its cards, stake, whether it came from a split.
  const hands: { cards: number[]; stake: number; split: boolean; done: boolean }[] = [{ cards: [p1, p2], stake: 1, split: false, done: false }];
  for (let h = 0; h < hands.length; h++) {
    const hand = hands[h];
    while (!hand.done) {
      if (hand.cards.length === 1) hand.cards.push(draw());
      if (hand.split && hand.cards[0] === 1) {
        hand.done = true; // one card to each split ace, no resplit (the league's rules)
        break;
      }
      if (total(hand.cards) >= 21) {
        hand.done = true;
        break;
      }
      const seen = hands.filter((_, i) => i !== h).flatMap((o) => o.cards);
      const values = ref.actionValues({ hand: hand.cards, dealerUp: up, handsInPlay: hands.length, fromSplit: hand.split, seen });
      if (!values) {
        hand.done = true;
        break;
      }
      let best: BlackjackAction = 'stand';
      for (const [a, v] of values) if (v > values.get(best)!) best = a;
      if (best === 'stand') hand.done = true;
      else if (best === 'hit') hand.cards.push(draw());
      else if (best === 'double') {
        hand.stake *= 2;
        hand.cards.push(draw());
        hand.done = true;
      } else {
        const moved = hand.cards.pop()!;
        hand.split = true;
        hands.splice(h + 1, 0, { cards: [moved], stake: 1, split: true, done: false });
      }
    }
  }
  let dealer = [up, hole];
  if (hands.some((x) => total(x.cards) <= 21)) {
    while (total(dealer) < 17 || (ref.rules.hitSoft17 && isSoft17(dealer))) dealer = [...dealer, draw()];
  }
  const d = total(dealer);
  let net = 0;
  for (const x of hands) {
    const t = total(x.cards);
    net += t > 21 ? -x.stake : d > 21 || t > d ? x.stake : t === d ? 0 : -x.stake;
  }
  return net;
}

const t0 = process.cpuUsage();
let sum = 0;
let sumSq = 0;
for (let i = 0; i < rounds; i++) {
  const x = playRound();
  sum += x;
  sumSq += x * x;
}
const mean = sum / rounds;
const se = Math.sqrt((sumSq / rounds - mean * mean) / (rounds - 1));
const cpu = process.cpuUsage(t0);
const out = {
  rounds,
  seed,
  meanNetPerInitialBet: mean,
  standardError: se,
  referenceExpectedValue: -HOUSE_EDGE,
  zScore: (mean + HOUSE_EDGE) / se,
  within3SE: Math.abs(mean + HOUSE_EDGE) <= 3 * se,
  cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
};
if (json) console.log(JSON.stringify(out, null, 2));
else
  console.log(
    `${rounds} rounds: mean net ${(mean * 100).toFixed(3)}% ± ${(se * 100).toFixed(3)}% per initial bet; reference ${(-HOUSE_EDGE * 100).toFixed(4)}%; z = ${out.zScore.toFixed(2)} (${out.within3SE ? 'within' : 'outside'} 3 SE); ${out.cpuSeconds} s CPU`,
  );
if (!out.within3SE) process.exitCode = 1;
