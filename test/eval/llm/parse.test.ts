import { describe, expect, it } from 'vitest';
import { parseLenient, parseReply, parseStrict } from '../../../src/eval/llm/parse.js';
import { fallbackAction, resolveCandidate } from '../../../src/eval/llm/legal.js';
import { rngFromKeys } from '../../../src/util/rng.js';
import type { MenuItem } from '../../../src/interpreter/api.js';

const menu: MenuItem[] = [
  { action: 0, label: 'fold' },
  { action: 1, label: 'call' },
  { action: 2, label: 'raise' },
];
const betMenu: MenuItem[] = [{ action: 10, label: 'check' }, ...[1, 2, 3, 4, 5].map((n) => ({ action: 20 + n, label: `bet ${n}` }))];
const rng = rngFromKeys(1);

describe('reply parsing', () => {
  it('strict: exactly one JSON object with an action', () => {
    expect(parseStrict('  {"action": "call"}\n')).toEqual({ action: 'call' });
    expect(parseStrict('{"action": 3}')).toEqual({ action: 3 });
    expect(parseStrict('{"action": "bet", "amount": 4}')).toEqual({ action: 'bet', amount: 4 });
    expect(parseStrict('I call. {"action": "call"}')).toBeNull();
    expect(parseStrict('{"act": "call"}')).toBeNull();
  });

  it('lenient: fences, commentary, the last object, near-JSON, partial objects', () => {
    expect(parseLenient('```json\n{"action": "raise"}\n```')).toEqual({ action: 'raise' });
    expect(parseLenient('I could {"action": "fold"} but a raise is better.\n{"action": "raise"}\nGood luck!')).toEqual({ action: 'raise' });
    expect(parseLenient("{'action': 'call',}")).toEqual({ action: 'call' });
    expect(parseLenient('{action: call}')).toEqual({ action: 'call' });
    expect(parseLenient('My answer: {"action": "call')).toEqual({ action: 'call' });
    expect(parseLenient('{"Action": "CALL"}')).toEqual({ action: 'CALL' });
    expect(parseLenient('{"reasoning": "weak hand {so fold}", "action": "fold"}')).toEqual({ action: 'fold' });
    expect(parseLenient('I will call.')).toBeNull();
  });

  it('parseReply names the parser, or the problem', () => {
    expect(parseReply('{"action":"call"}')).toMatchObject({ ok: true, parser: 'strict' });
    expect(parseReply('so: {"action":"call"}')).toMatchObject({ ok: true, parser: 'lenient' });
    expect(parseReply('')).toEqual({ ok: false, problem: 'the reply was empty' });
    expect(parseReply('call')).toEqual({ ok: false, problem: 'the reply contains no JSON object' });
  });
});

describe('legal mapping', () => {
  it('labels in any case; unknown names are a problem listing the legal menu', () => {
    expect(resolveCandidate({ action: 'CALL' }, menu, rng)).toEqual({ ok: true, action: 1, label: 'call' });
    expect(resolveCandidate({ action: 'check' }, menu, rng)).toEqual({
      ok: false,
      problem: "'check' is not a legal action here; the legal actions are: fold, call, raise",
    });
  });

  it('amounts: exact, word + amount field, clamped above the maximum, random below the minimum (seed rulebook)', () => {
    expect(resolveCandidate({ action: 'bet 3' }, betMenu, rng)).toMatchObject({ ok: true, action: 23 });
    expect(resolveCandidate({ action: 'Bet', amount: 2 }, betMenu, rng)).toMatchObject({ ok: true, action: 22 });
    expect(resolveCandidate({ action: 'bet 40' }, betMenu, rng)).toEqual({ ok: true, action: 25, label: 'bet 5', amountAdjusted: 'clamped' });
    const low = resolveCandidate({ action: 'bet 0' }, betMenu, rng);
    expect(low).toMatchObject({ ok: true, amountAdjusted: 'random' });
    expect([21, 22, 23, 24, 25]).toContain((low as { action: number }).action);
    const bare = resolveCandidate({ action: 'bet' }, betMenu, rng);
    expect(bare).toMatchObject({ ok: true, amountAdjusted: 'random' });
  });

  it('the fallback is uniform over the legal menu', () => {
    const r = rngFromKeys(7);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[fallbackAction(menu, r).action]++;
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(120); // 4.6 standard deviations
  });
});
