import { describe, expect, it } from 'vitest';
import type { GameIR } from '../../src/ir/schema.js';
import { checkRulebookFacts, rulebookFacts } from '../../src/render/facts.js';
import { renderRulebook } from '../../src/render/rulebook.js';
import { loadGame } from '../../src/cli/load.js';
import { KUHN_IR, LEDUC_IR } from '../fixtures/ir.js';

const topics = (ir: GameIR) => rulebookFacts(ir).map((f) => f.topic);

describe('rulebookFacts', () => {
  it('lists names, amounts, options, visibility and the showdown metric of Kuhn', () => {
    const facts = rulebookFacts(KUHN_IR);
    const t = topics(KUHN_IR);
    expect(t).toContain('phase 3 (Betting): heading');
    expect(t).toContain('phase 3 (Betting), betting: option fold');
    expect(t).not.toContain('phase 3 (Betting), betting: option raise');
    expect(t).toContain('showdown metric: high card');
    expect(t).toContain('visibility: hands are private');
    expect(facts.find((f) => f.topic === 'phase 3 (Betting), betting: bet size')?.must).toBe('A bet is 1 chip');
    expect(facts.filter((f) => f.topic.startsWith('deck card'))).toHaveLength(3);
  });
  it('lists both Leduc betting rounds with their own sizes and the raise option', () => {
    const facts = rulebookFacts(LEDUC_IR);
    expect(facts.find((f) => f.topic === 'phase 3 (FirstRound), betting: bet size')?.must).toBe('Every bet and every raise is 2 chips');
    expect(facts.find((f) => f.topic === 'phase 5 (SecondRound), betting: bet size')?.must).toBe('Every bet and every raise is 4 chips');
    expect(topics(LEDUC_IR)).toContain('phase 5 (SecondRound), betting: option raise');
    expect(topics(LEDUC_IR)).toContain('showdown metric: pair with the board');
    expect(topics(LEDUC_IR)).toContain('pile board: visibility');
    expect(facts.filter((f) => f.topic.startsWith('deck card'))).toHaveLength(6);
  });
});

describe('rulebookFacts of the extended language', () => {
  const ir = loadGame('examples/genstrat-4643.gbg').ir;
  const facts = rulebookFacts(ir);
  const must = (topic: string) => facts.find((f) => f.topic === topic)?.must;
  it('lists every sub-phase with its callers and where play returns', () => {
    expect(facts.filter((f) => f.topic.endsWith(': heading') && f.topic.startsWith('sub-phase'))).toHaveLength(15);
    expect(must('sub-phase BobFoldOrCall2: heading')).toBe('Sub-phase: Bob Fold Or Call 2 (called from Betting Round)');
    expect(must('sub-phase BettingRound: play returns')).toBe('Play returns to Betting, right after the call');
  });
  it('lists conditions with their checks, loops, events, options, auctions and peeks', () => {
    expect(must('phase 3 (Betting), repeat: round cap')).toBe('Repeat, up to 2 rounds (the round cap is 2)');
    expect(must('phase 3 (Betting), repeat: early exit')).toBe('or if at least one seat has 2 or fewer chips');
    expect(must('phase 4 (PostBetting), event 2: condition and check')).toBe(
      "Event 2: if Alice's hand contains a K (the deck's top rank) (public check: both seats are told whether this holds)",
    );
    expect(must('sub-phase InterRoundSimultaneous, outcome Hold/Parry, if: branch 1 condition and check')).toBe(
      "If Bob's highest-ranked card has a higher rank than Alice's highest-ranked card (private check: neither seat is told the result)",
    );
    expect(must('sub-phase BobBetOrCheck2, choice: options')).toBe('Bob chooses one of bet or check');
    expect(must('sub-phase PostBettingSimultaneous, simultaneous: otherwise covers')).toBe('Every other pair (Press/Press and Retreat/Retreat;');
    expect(must('sub-phase CardAuction, auction: bid range')).toBe('each bid a whole number of chips from 0 to 3, in secret');
    expect(must('sub-phase PostBettingSimultaneous, outcome Press/Retreat, peek: visibility')).toBe(
      'Both seats are told that the peek happened (the occurrence is public); only Bob sees which card it is (the content is private)',
    );
  });
  it('lists the visibility notes and the showdown rules the game needs', () => {
    const topics = facts.map((f) => f.topic);
    expect(topics).toEqual(
      expect.arrayContaining(['visibility: secret simultaneous choices', 'visibility: sealed bids', 'visibility: secret peeks', 'visibility: announced peeks']),
    );
    expect(topics).toContain('showdown: next-highest cards on equal ranks');
    expect(topics).not.toContain('visibility: private choices');
    expect(rulebookFacts(KUHN_IR).map((f) => f.topic)).not.toContain('showdown: next-highest cards on equal ranks');
  });
});

describe('checkRulebookFacts', () => {
  const leduc = renderRulebook(LEDUC_IR);
  it('passes on the rendered rulebook', () => {
    expect(checkRulebookFacts(LEDUC_IR, leduc)).toEqual({ missing: [], sectionErrors: [] });
  });
  it('reports a sentence that is missing', () => {
    const cut = leduc.replace('Every bet and every raise is 4 chips', 'Every bet and every raise is large');
    expect(checkRulebookFacts(LEDUC_IR, cut).missing.map((f) => f.topic)).toEqual(['phase 5 (SecondRound), betting: bet size']);
  });
  it('reports a rulebook of other rules', () => {
    const ir = structuredClone(LEDUC_IR);
    ir.phases[1].steps = [{ kind: 'ante', amount: 5, payers: [0, 1] }];
    ir.deck.suits.push('clubs');
    const missing = checkRulebookFacts(ir, leduc).missing.map((f) => f.topic);
    expect(missing).toEqual(expect.arrayContaining(['phase 2 (Ante), ante: amount', 'deck card J of clubs', 'deck card K of clubs']));
  });
  it('reports sections that are missing or out of order', () => {
    const swapped = leduc.replace('## Visibility', '## Seen').replace('## Overview', '## Showdown\n\n## Overview');
    const r = checkRulebookFacts(LEDUC_IR, swapped);
    expect(r.sectionErrors).toContain("section 'Visibility' is missing");
    const order = leduc.replace('## Sequence of Play', '## Order').replace('## Overview', '## Sequence of Play\n\n## Overview');
    expect(checkRulebookFacts(LEDUC_IR, order).sectionErrors).toEqual(["section 'Sequence of Play' is out of order"]);
  });
});
