import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BoolExprSchema, IntExprSchema, ShowdownSchema } from '../../src/ir/schema.js';
import { TEMPLATE_DIR, renderEngine, templateNames } from '../../src/render/engine.js';
import { STEP_KINDS } from '../../src/render/view/steps.js';

const METRICS = (ShowdownSchema.anyOf as { properties: { metric: { const: string } } }[]).map((m) => m.properties.metric.const);

/** The kinds of a recursive expression schema (a kind may be a union of literals, as `add`/`sub`). */
function exprKinds(schema: { anyOf: { properties: { kind: { const?: string; anyOf?: { const: string }[] } } }[] }): string[] {
  return schema.anyOf.flatMap((s) => (s.properties.kind.const !== undefined ? [s.properties.kind.const] : s.properties.kind.anyOf!.map((k) => k.const)));
}
const INT_KINDS = exprKinds(IntExprSchema as never);
const COND_KINDS = exprKinds(BoolExprSchema as never);

describe('templates', () => {
  it('lists the step kinds of the IR schema', () => {
    expect([...STEP_KINDS].sort()).toEqual([
      'ante',
      'assign',
      'auction',
      'betting',
      'blinds',
      'call',
      'choice',
      'deal',
      'discard',
      'end',
      'if',
      'match',
      'pay',
      'peek',
      'repeat',
      'reveal',
      'score',
      'set',
      'shuffle',
      'sidebet',
      'simultaneous',
      'steal',
      'swap',
      'triggers',
      'varbet',
      'wager',
    ]);
  });
  it('has a detail partial and a summary partial for every step kind', () => {
    for (const kind of STEP_KINDS) {
      expect(existsSync(join(TEMPLATE_DIR, 'steps', `${kind}.hbs`)), `steps/${kind}.hbs`).toBe(true);
      expect(existsSync(join(TEMPLATE_DIR, 'summaries', `${kind}.hbs`)), `summaries/${kind}.hbs`).toBe(true);
    }
  });
  it('has a partial for every showdown metric', () => {
    expect(METRICS.sort()).toEqual(['high-card', 'pair-with-board', 'poker-hand', 'sum-of-ranks']);
    for (const m of METRICS) expect(existsSync(join(TEMPLATE_DIR, 'showdown', `${m}.hbs`)), `showdown/${m}.hbs`).toBe(true);
  });
  it('has a partial for every integer-expression kind and every condition kind', () => {
    expect([...INT_KINDS].sort()).toEqual([
      'add',
      'handSize',
      'highest',
      'int',
      'mul',
      'pileHighest',
      'pileLowest',
      'pileTotal',
      'pot',
      'score',
      'size',
      'stack',
      'sub',
      'total',
      'var',
    ]);
    expect([...COND_KINDS].sort()).toEqual(['and', 'bool', 'cmp', 'has', 'hasPair', 'holds', 'not', 'or', 'pileHas']);
    for (const k of INT_KINDS) expect(existsSync(join(TEMPLATE_DIR, 'expr', `${k}.hbs`)), `expr/${k}.hbs`).toBe(true);
    for (const k of COND_KINDS) expect(existsSync(join(TEMPLATE_DIR, 'cond', `${k}.hbs`)), `cond/${k}.hbs`).toBe(true);
  });
  it('has no partial for a kind or metric the IR does not have', () => {
    const names = templateNames();
    const kinds = new Set<string>(STEP_KINDS);
    for (const n of names.filter((x) => x.startsWith('steps/') || x.startsWith('summaries/'))) expect(kinds.has(n.split('/')[1]), n).toBe(true);
    for (const n of names.filter((x) => x.startsWith('showdown/'))) expect(METRICS.includes(n.split('/')[1]), n).toBe(true);
    for (const n of names.filter((x) => x.startsWith('expr/'))) expect(INT_KINDS.includes(n.split('/')[1]), n).toBe(true);
    for (const n of names.filter((x) => x.startsWith('cond/'))) expect(COND_KINDS.includes(n.split('/')[1]), n).toBe(true);
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
    const sub = { name: 'Bob Fold Or Call', steps: [], calledFrom: ['Betting', 'Draw'], returnsTo: ['Betting', 'Draw'] };
    const out = renderEngine().render('subphase', sub);
    expect(out).toContain('#### Sub-phase: Bob Fold Or Call *(called from Betting and Draw)*');
    expect(out).toContain('- This sub-phase has no steps.');
    expect(out).toContain('*(Play returns to whichever of **Betting** or **Draw** called it, right after the call, unless the game has ended.)*');
    expect(renderEngine().render('subphase', { ...sub, calledFrom: ['Betting'], returnsTo: ['Betting'] })).toContain(
      '*(Play returns to **Betting**, right after the call, unless the game has ended.)*',
    );
    expect(renderEngine().render('subphase', { ...sub, calledFrom: [], returnsTo: [] })).toContain('*(No step calls this sub-phase, so it is never played.)*');
  });
  it('renders expression partials inline, nested ones in parentheses', () => {
    const engine = renderEngine();
    const int = (value: number, unit: string | null = null) => ({ kind: 'int', partial: 'expr/int', value, unit });
    const v = { kind: 'var', partial: 'expr/var', name: '«round»' };
    const sum = { kind: 'add', partial: 'expr/add', left: v, right: int(1), paren: true };
    expect(engine.render('expr/sub', { kind: 'sub', partial: 'expr/sub', left: int(5), right: sum, paren: false })).toBe('5 minus («round» plus 1)');
    expect(engine.render('expr/int', int(2, 'chip'))).toBe('2 chips');
  });
});
