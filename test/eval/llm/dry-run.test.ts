import { expect, it } from 'vitest';
import { parseLlmSettings } from '../../../src/eval/llm/config.js';
import { estimateLlmParticipant, formatDryRun, sumEstimates } from '../../../src/eval/llm/dry-run.js';
import { countTokens } from '../../../src/eval/llm/tokens.js';
import { compileAnyGame, compileGame } from '../../../src/interpreter/game.js';
import { loadGame } from '../../../src/cli/load.js';
import { renderRulebook } from '../../../src/render/rulebook.js';

const kuhn = compileGame(loadGame('examples/kuhn.gbg').ir);

it('token pieces: words, numbers in threes, punctuation runs, whitespace', () => {
  expect(countTokens('')).toBe(0);
  expect(countTokens('Hello world')).toBe(2);
  expect(countTokens('{"action": "call"}')).toBe(6); // {" action ": " call "}
  expect(countTokens('1234567')).toBe(3);
});

it('Kuhn: about 1.125 calls per slot (exact: seat 0 decides 1.25 times, seat 1 once), input = calls × (rulebook + prompt), cost from the price', () => {
  const s = parseLlmSettings('llm:openai/m', { max_output_tokens: 100, price: { input: 1, output: 2 } });
  const e = estimateLlmParticipant(kuhn, s, [50, 50]);
  // Kuhn: seat 0 always decides once, twice after check-bet (probability 1/4 under uniform play); seat 1 decides exactly once
  expect(e.callsPerSlot).toBeGreaterThan(1.06); // 200 sample games per seat: standard error of seat 0's mean ≈ 0.03
  expect(e.callsPerSlot).toBeLessThan(1.19);
  const rulebook = countTokens(renderRulebook(kuhn.ir));
  expect(e.inputTokens).toBeGreaterThan(e.calls * rulebook);
  expect(e.inputTokens).toBeLessThan(e.calls * (rulebook + 600));
  expect(e.outputTokens).toBe(e.calls * 100);
  expect(e.costUsd).toBeCloseTo((e.inputTokens * 1 + e.outputTokens * 2) / 1e6, 12);
  const m = estimateLlmParticipant(kuhn, parseLlmSettings('llm:openai/m', { conversation: 'match' }), [50, 50]);
  expect(m.inputTokens).toBeGreaterThan(e.inputTokens); // the game so far is resent
  const both = sumEstimates([e, e]);
  expect(both).toMatchObject({ slots: 200, calls: 2 * e.calls, inputTokens: 2 * e.inputTokens });
  expect(sumEstimates([e, m]).costUsd).toBeNull();
  const table = formatDryRun([{ participant: 'gpt', estimate: e }]);
  expect(table.split('\n')[0]).toMatch(/^participant\s+slots\s+calls\s+input tokens\s+output tokens\s+cost \(USD\)$/);
  expect(table).toContain(e.inputTokens.toLocaleString('en-US'));
});

it("a three-seat table (league-holdem): every seat's slots count, seat 2 included, and a match of six hands costs six hands' calls", () => {
  const league = compileAnyGame(loadGame('examples/league-holdem.gbg').ir);
  const s = parseLlmSettings('llm:openai/m', { max_output_tokens: 10 });
  const third = estimateLlmParticipant(league, s, [0, 0, 12], 10);
  // Seat 2 (the big blind, the button on seat 0) decides in the hands the two seats before it do not both fold: two seats' slots counted it as none.
  expect(third.slots).toBe(12);
  expect(third.callsPerSlot).toBeGreaterThan(0.5);
  const six = estimateLlmParticipant(league, s, [0, 0, 12], 10, 1, 6);
  expect(six.slots).toBe(12);
  expect(six.callsPerSlot).toBeCloseTo(6 * third.callsPerSlot, 9);
  expect(Math.abs(six.inputTokens - 6 * third.inputTokens)).toBeLessThanOrEqual(6);
  const all = estimateLlmParticipant(league, s, [12, 12, 12], 10);
  expect(all.slots).toBe(36);
  expect(all.calls).toBeGreaterThan(third.calls);
});
