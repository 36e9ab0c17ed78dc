/**
 * The language server lowers each version of a document once: its analysis reads the lowered IR
 * that `compileSource` returns (kept when a check rejects the game) for hovers, instead of
 * lowering the AST a second time. `lower` is wrapped to count its calls.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/compiler/lower.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/compiler/lower.js')>();
  return { ...real, lower: vi.fn(real.lower) };
});

const { lower } = await import('../../src/compiler/lower.js');
const { analyze, hoverAt } = await import('../../src/lsp/analysis.js');
const { renderStepSentence } = await import('../../src/render/step.js');

const KUHN = readFileSync('examples/kuhn.gbg', 'utf8');

describe('the language server lowers a document once', () => {
  beforeEach(() => {
    vi.mocked(lower).mockClear();
  });

  it('a valid game: one lowering, and hovers on its steps', () => {
    const a = analyze(KUHN);
    expect(vi.mocked(lower)).toHaveBeenCalledTimes(1);
    expect(a.diagnostics).toEqual([]);
    const at = KUHN.indexOf('ante 1 each') + 2;
    const step = a.ir!.phases[1]!.steps[0]!;
    expect(hoverAt(a, at)?.markdown).toBe(renderStepSentence(a.ir!, step));
  });

  it('a game a check rejects (E0210): one lowering, the diagnostic, and hovers on the steps still', () => {
    const text = KUHN.replace('ante 1 each', 'ante 11 each');
    const a = analyze(text);
    expect(vi.mocked(lower)).toHaveBeenCalledTimes(1);
    expect(a.diagnostics.map((d) => d.code)).toEqual(['E0210']);
    expect(a.ir).not.toBeNull();
    expect(a.stepSpans.length).toBeGreaterThan(0);
    // The hover on the rejected step itself is the diagnostic; on the shuffle, the rulebook's sentence.
    expect(hoverAt(a, text.indexOf('ante 11 each') + 2)?.markdown).toContain('E0210');
    const shuffle = a.ir!.phases[0]!.steps[0]!;
    expect(hoverAt(a, text.indexOf('shuffle deck') + 2)?.markdown).toBe(renderStepSentence(a.ir!, shuffle));
  });

  it('a game lowering rejects: one lowering, no IR', () => {
    const a = analyze(KUHN.replace('first Alice', 'first Carol'));
    expect(vi.mocked(lower)).toHaveBeenCalledTimes(1);
    expect(a.diagnostics.map((d) => d.code)).toEqual(['E0201']);
    expect(a.ir).toBeNull();
  });
});
