/**
 * Effects: the small step lists that options, outcomes, branches, events and prizes run — chip
 * transfers, peeks, draws, reveals, score adjustments, swaps, steals, discards, counters and
 * positions. Each effect favours one seat (the beneficiary) over the other, so that options and
 * outcomes differ strategically. Drawing an effect updates what the builder knows (chips may
 * have moved, hands may differ, a counter exists).
 */
import type { Step } from '../ir/schema.js';
import { type Builder, or } from './context.js';

/** Effect kinds, each with a weight that may depend on the dial and on what exists. */
type EffectKind = 'pay' | 'tax' | 'bounty' | 'peek' | 'draw' | 'reveal' | 'score' | 'swap' | 'steal' | 'discard' | 'tally' | 'crown' | 'jackpot';

/** Options of an effect draw. */
export interface EffectOptions {
  /** Whether the effect may deal cards from the deck (false where the deck may be short). */
  cards?: boolean;
  /** Kinds not to draw here. */
  exclude?: readonly EffectKind[];
}

const seat = (s: number) => ({ kind: 'seat' as const, seat: s });

/**
 * Draw one effect that favours `s`; with the dial's second-effect probability, a second one.
 * `q` is the probability that the effects run when the current block runs (e.g. 1/3 for one of
 * three options picked at random): it weighs what the builder learns from them.
 * @returns the steps (never empty).
 */
export function drawEffects(b: Builder, s: number, q: number, opts: EffectOptions = {}): Step[] {
  const steps = [drawEffect(b, s, q, opts)];
  if (b.draw.chance(b.dial.secondEffect)) {
    const second = drawEffect(b, s, q, { ...opts, exclude: [...(opts.exclude ?? []), 'jackpot', 'crown'] });
    const first = steps[0]!;
    // Two payments from the same payer to the same payee are one payment of the sum.
    if (
      first.kind === 'pay' &&
      second.kind === 'pay' &&
      typeof first.amount === 'number' &&
      typeof second.amount === 'number' &&
      JSON.stringify([first.from, first.to]) === JSON.stringify([second.from, second.to])
    )
      steps[0] = { ...first, amount: first.amount + second.amount };
    else steps.push(second);
  }
  return steps;
}

/** Advantage weights of effects for the seat they favour (a card counts most). */
const WEIGHT: Record<EffectKind, number> = {
  pay: 1,
  tax: 1,
  bounty: 0.5,
  peek: 0.3,
  draw: 2,
  reveal: 0.3,
  score: 1,
  swap: 0.5,
  steal: 3,
  discard: 1.5,
  tally: 0,
  crown: 0.3,
  jackpot: 2,
};

/** Draw one effect step favouring seat `s`, run with probability `q` when the current block runs. */
export function drawEffect(b: Builder, s: number, q: number, opts: EffectOptions = {}): Step {
  const c = b.dial.c;
  const t = 1 - s;
  const cards = (opts.cards ?? true) && b.cardsAffordable(1);
  const weights: Record<EffectKind, number> = {
    pay: 2,
    tax: 1,
    bounty: 0.6,
    peek: 1.5,
    draw: cards ? 1.2 : 0,
    reveal: 0.8,
    score: b.metric === 'sum-of-ranks' ? 1.5 : 0,
    swap: b.handMin[0] >= 1 && b.handMin[1] >= 1 ? 0.5 * c : 0,
    steal: b.handMin[t] >= 1 ? 0.6 * c : 0,
    discard: b.handMin[t] >= 2 ? 0.5 * c : 0,
    tally: 0.5 * c,
    crown: b.positions.length > 0 ? 0.6 * c : 0,
    jackpot: 0.15 * c,
  };
  for (const k of opts.exclude ?? []) weights[k] = 0;
  const kind = b.draw.weighted(weights);
  b.favour(s, WEIGHT[kind], q);
  switch (kind) {
    case 'pay':
      b.pays(q, t, false);
      return { kind: 'pay', amount: b.draw.int(1, 2), from: seat(t), to: seat(s) };
    case 'tax':
      b.pays(q, t, true);
      return { kind: 'pay', amount: b.draw.int(1, 2), from: seat(t), to: { kind: 'pot' } };
    case 'bounty':
      b.potPays(q);
      return { kind: 'pay', amount: 1, from: { kind: 'pot' }, to: seat(s) };
    case 'peek':
      // As the seed rulebook has it: a peek's occurrence is public, its content private; under a private check, fully secret.
      return { kind: 'peek', seat: seat(s), target: t, pick: 'random', visibility: b.secret ? 'private' : 'occurrence' };
    case 'draw':
      b.useCards(1);
      b.handChange(s, 1, q);
      return { kind: 'deal', count: 1, from: { kind: 'deck' }, to: { kind: 'hand', seat: s }, faceUp: false };
    case 'reveal':
      return { kind: 'reveal', seat: t, what: 'random' };
    case 'score':
      b.scoreP = or(b.scoreP, q * b.reach);
      return b.draw.chance(0.6) ? { kind: 'score', seat: s, delta: b.draw.int(1, 3) } : { kind: 'score', seat: t, delta: -b.draw.int(1, 3) };
    case 'swap':
      return { kind: 'swap', first: s, second: t, visibility: b.draw.chance(0.5) ? 'public' : 'private' };
    case 'steal':
      b.handChange(t, -1, q);
      return { kind: 'steal', seat: seat(s), from: t, visibility: b.draw.chance(0.5) ? 'public' : 'private' };
    case 'discard':
      b.handChange(t, -1, q);
      return {
        kind: 'discard',
        seat: t,
        count: 1,
        pick: 'random',
        to: b.discardPile ? { kind: 'pile', name: b.discardPile } : null,
        faceUp: b.draw.chance(0.5),
      };
    case 'tally': {
      let tally = b.tallies[0];
      if (!tally) {
        tally = { name: b.variable(), p: 0 };
        b.tallies.push(tally);
      }
      tally.p = or(tally.p, q * b.reach);
      return { kind: 'set', variable: tally.name, value: { kind: 'add', left: { kind: 'var', name: tally.name }, right: { kind: 'int', value: 1 } } };
    }
    case 'crown': {
      const position = b.draw.pick(b.positions).name;
      let entry = b.assigned.find((a) => a.name === position);
      if (!entry) {
        entry = { name: position, p: [0, 0], keys: [] };
        b.assigned.push(entry);
      }
      entry.p[s] = or(entry.p[s], q * b.reach);
      return { kind: 'assign', position, criterion: { kind: 'seat', seat: s } };
    }
    case 'jackpot':
      b.potPays(q);
      return { kind: 'pay', amount: 'all', from: { kind: 'pot' }, to: seat(s) };
  }
}
