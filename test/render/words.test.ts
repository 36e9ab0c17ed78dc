import { describe, expect, it } from 'vitest';
import { cardName, chips, englishList, humanize, percent, plural, withArticle } from '../../src/render/words.js';
import { escapeMarkdown, markdownToText } from '../../src/render/markdown.js';
import { renderDefects } from '../../src/render/defects.js';

describe('words', () => {
  it('counts chips and cards in English', () => {
    expect(chips(0)).toBe('0 chips');
    expect(chips(1)).toBe('1 chip');
    expect(chips(13)).toBe('13 chips');
    expect(plural(1, 'card')).toBe('1 card');
    expect(plural(2, 'bet or raise', 'bets and raises')).toBe('2 bets and raises');
  });
  it('rejects values that would print as NaN or undefined', () => {
    expect(() => chips(Number.NaN)).toThrow(TypeError);
    expect(() => chips(undefined)).toThrow(TypeError);
    expect(() => chips(1.5)).toThrow(TypeError);
    expect(() => englishList([{}])).toThrow(TypeError);
  });
  it('joins lists', () => {
    expect(englishList([])).toBe('none');
    expect(englishList(['Alice'])).toBe('Alice');
    expect(englishList(['Alice', 'Bob'])).toBe('Alice and Bob');
    expect(englishList(['J', 'Q', 'K'], 'or')).toBe('J, Q or K');
  });
  it('humanizes IR names by one rule', () => {
    expect(humanize('BobFoldOrCall2')).toBe('Bob Fold Or Call 2');
    expect(humanize('VariableBettingRound1')).toBe('Variable Betting Round 1');
    expect(humanize('PostBetting')).toBe('Post Betting');
    expect(humanize('betRound')).toBe('bet round');
    expect(humanize('Setup')).toBe('Setup');
    expect(humanize('IRDraw')).toBe('IR Draw');
    expect(humanize('round_2b')).toBe('round 2 b');
    expect(humanize('Round10')).toBe('Round 10');
  });
  it('picks the article by sound, and prints probabilities as percentages', () => {
    expect(withArticle('K')).toBe('a K');
    expect(withArticle('A')).toBe('an A');
    expect(withArticle('8')).toBe('an 8');
    expect(withArticle('10')).toBe('a 10');
    expect(withArticle('Ace')).toBe('an Ace');
    expect(withArticle('Jack')).toBe('a Jack');
    expect(percent(0.5)).toBe('50%');
    expect(percent(0.125)).toBe('12.5%');
    expect(percent(1 / 3)).toBe('33.33%');
    expect(() => percent(1.5)).toThrow(TypeError);
  });
  it('names cards like the interpreter does', () => {
    expect(cardName('K', 'hearts')).toBe('K of hearts');
  });
});

describe('markdown', () => {
  it('escapes names and converts back to the same plain text', () => {
    const name = 'Big *Blind* [pot] #1 under_score';
    const md = `- **Name:** ${escapeMarkdown(name)}`;
    expect(md).toBe('- **Name:** Big \\*Blind\\* \\[pot\\] \\#1 under\\_score');
    expect(markdownToText(md)).toBe(`- Name: ${name}`);
  });
  it('underlines top headings and strips emphasis and code', () => {
    expect(markdownToText('# Title\n## Part\n### Phase 1: Setup\n*(called from **X**)* `{"a": 1}`')).toBe(
      'Title\n=====\nPart\n----\nPhase 1: Setup\n(called from X) {"a": 1}',
    );
  });
});

describe('renderDefects', () => {
  it('finds every kind of leaked value with its line', () => {
    const text = 'ok\nAlice bets undefined chips\nNaN\n[object Object]\n{{name}}\nnull pot';
    const d = renderDefects(text);
    expect(d).toHaveLength(5);
    expect(d[0]).toContain('line 2');
    expect(d[3]).toContain('raw template marker');
  });
  it('accepts clean text', () => {
    expect(renderDefects('Bob undefeated, nullified, {"action": "call"}')).toEqual([]);
  });
});
