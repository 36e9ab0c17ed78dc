import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShowdownSchema } from '../../src/ir/schema.js';
import { TEMPLATE_DIR, renderEngine, templateNames } from '../../src/render/engine.js';
import { STEP_KINDS } from '../../src/render/view/steps.js';

const METRICS = (ShowdownSchema.properties.metric.anyOf as { const: string }[]).map((m) => m.const);

describe('templates', () => {
  it('lists the step kinds of the IR schema', () => {
    expect([...STEP_KINDS].sort()).toEqual(['ante', 'betting', 'deal', 'shuffle']);
  });
  it('has a detail partial and a summary partial for every step kind', () => {
    for (const kind of STEP_KINDS) {
      expect(existsSync(join(TEMPLATE_DIR, 'steps', `${kind}.hbs`)), `steps/${kind}.hbs`).toBe(true);
      expect(existsSync(join(TEMPLATE_DIR, 'summaries', `${kind}.hbs`)), `summaries/${kind}.hbs`).toBe(true);
    }
  });
  it('has a partial for every showdown metric', () => {
    expect(METRICS.sort()).toEqual(['high-card', 'pair-with-board']);
    for (const m of METRICS) expect(existsSync(join(TEMPLATE_DIR, 'showdown', `${m}.hbs`)), `showdown/${m}.hbs`).toBe(true);
  });
  it('has no partial for a kind or metric the IR does not have', () => {
    const names = templateNames();
    const kinds = new Set<string>(STEP_KINDS);
    for (const n of names.filter((x) => x.startsWith('steps/') || x.startsWith('summaries/'))) expect(kinds.has(n.split('/')[1]), n).toBe(true);
    for (const n of names.filter((x) => x.startsWith('showdown/'))) expect(METRICS.includes(n.split('/')[1]), n).toBe(true);
    expect(names).toContain('rulebook');
    expect(names).toContain('prompt');
  });
  it('runs in strict mode: a field missing from the view model throws', () => {
    const engine = renderEngine();
    expect(engine.render('steps/ante', { both: true, amount: 2, payers: ['A', 'B'] })).toBe(
      '- Each seat antes 2 chips: A and B each move 2 chips from their own stack into the pot. Both seats see the antes.\n',
    );
    expect(() => engine.render('steps/ante', { both: true, payers: ['A', 'B'] })).toThrow(/amount/);
    expect(() => engine.render('no-such-template', {})).toThrow(/no template named/);
  });
  it('does not HTML-escape (the output is Markdown)', () => {
    expect(renderEngine().render('summaries/shuffle', { pile: "Alice's <hand> & co" })).toBe("shuffle Alice's <hand> & co");
  });
  it('renders sub-phases with "called from" and "play returns to"', () => {
    const sub = { number: 1, name: 'Bob: Fold or Call', steps: [], subPhases: [], calledFrom: ['Betting', 'Draw'], returnsTo: 'Betting', next: null };
    const out = renderEngine().render('subphase', sub);
    expect(out).toContain('#### Sub-phase: Bob: Fold or Call *(called from Betting and Draw)*');
    expect(out).toContain('*(Play returns to **Betting**.)*');
  });
});
