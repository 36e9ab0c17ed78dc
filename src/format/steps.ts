/**
 * Printers of the steps and of their parts (betting items, branches, options, outcomes). Steps
 * with blocks print them through `printBraces` (house style: the `{` on the header line,
 * `} else {`, `} else if … {`, one step per line inside); every other step is one line.
 */
import type { AstNode, StepNode } from '../parser/ast.js';
import { printBraces, printList, type NodePrinter } from './blocks.js';
import { blockOf } from './layout.js';
import { numberText } from './literals.js';

/** Kinds of steps and of the parts printed by the step printers. */
type StepPartKind = StepNode['kind'] | 'BetSize' | 'RaiseCap' | 'RaiseRule' | 'FirstActor' | 'MaxBet' | 'Fallback' | 'CondBranch' | 'ChoiceOption' | 'Outcome';

/** One printer per step kind and step part. */
export const STEP_PRINTERS: { [K in StepPartKind]: NodePrinter<K> } = {
  ShuffleStep: (_path, _options, print) => ['shuffle ', print('pile')],
  DealStep: (path, _options, print) => {
    const n = path.node;
    return [
      'deal ',
      print('count'),
      n.from ? [' from ', print('from')] : '',
      ' to ',
      n.winner ? 'winner' : n.to ? print('to') : 'each',
      n.face ? [' face ', n.face] : '',
    ];
  },
  BlindsStep: (path, _options, print) =>
    path.node.small && path.node.big
      ? ['blinds ', print('small'), ' ', print('smallAmount'), ', ', print('big'), ' ', print('bigAmount')]
      : ['blinds ', print('smallAmount'), ', ', print('bigAmount')],
  AnteStep: (path, _options, print) => ['ante ', print('amount'), path.node.from ? [' from ', print('from')] : ' each'],
  BettingStep: (path, options, print) => printBraces(options, ['betting ', path.node.mode], blockOf(path.node), path.map(print, 'items')),
  BetSize: (_path, _options, print) => ['bet ', print('amount')],
  RaiseCap: (_path, _options, print) => ['raises at most ', print('count')],
  RaiseRule: (path) => ['raises ', path.node.rule],
  FirstActor: (path, _options, print) => (path.node.leftOf ? ['first left of ', path.node.leftOf] : ['first ', print('seat')]),
  MaxBet: (path, _options, print) => ['max ', path.node.amount ? print('amount') : 'stack'],
  Fallback: (_path, _options, print) => ['fallback bet ', print('amount')],
  CallStep: (_path, _options, print) => ['call ', print('phase')],
  IfStep: (path, options, print) => {
    const n = path.node;
    const branches = path.map((_p, i) => [i === 0 ? 'if ' : ' else if ', print()], 'branches');
    const otherwise = n.otherwise ? [' else', printBraces(options, '', blockOf(n, 'else'), path.map(print, 'otherwise'))] : '';
    return [branches, otherwise];
  },
  CondBranch: (path, options, print) => {
    const parent = path.parent as AstNode | null;
    const head = [parent?.kind === 'EventsStep' ? 'when ' : '', print('cond'), ' ', path.node.check];
    return printBraces(options, head, blockOf(path.node), path.map(print, 'steps'));
  },
  EventsStep: (path, options, print) => printBraces(options, 'events', blockOf(path.node), path.map(print, 'items')),
  RepeatStep: (path, options, print) => {
    const n = path.node;
    const head = ['repeat up to ', print('max'), ' rounds as ', print('counter'), n.until ? [' until ', print('until')] : ''];
    return printBraces(options, head, blockOf(n), path.map(print, 'steps'));
  },
  EndStep: (path, _options, print) => ['end ', path.node.winner ? ['winner ', print('winner'), ' '] : '', print('reason')],
  ChoiceStep: (path, options, print) =>
    printBraces(options, ['choice ', print('seat'), ' ', path.node.announce], blockOf(path.node), path.map(print, 'options')),
  ChoiceOption: (path, options, print) => {
    const n = path.node;
    const cost = n.cost ? [' cost ', print('cost'), n.chance ? [' at ', print('chance'), '%'] : ''] : '';
    return printBraces(options, ['option ', print('name'), cost], blockOf(n), path.map(print, 'steps'));
  },
  WagerStep: (path, _options, print) => ['wager ', print('seat'), ' ', print('min'), '..', path.node.max ? print('max') : 'stack'],
  MatchStep: (_path, _options, print) => ['match ', print('seat')],
  SimultaneousStep: (path, options, print) => {
    const n = path.node;
    const units = [printList('options', path.map(print, 'options')), ...path.map(print, 'outcomes')];
    if (n.otherwise) units.push(printBraces(options, 'otherwise', blockOf(n, 'otherwise'), path.map(print, 'otherwise')));
    return printBraces(options, 'simultaneous', blockOf(n), units);
  },
  Outcome: (path, options, print) => printBraces(options, ['outcome ', print('first'), '/', print('second')], blockOf(path.node), path.map(print, 'steps')),
  AuctionStep: (path, options, print) => {
    const n = path.node;
    const units = [
      ['bids ', print('min'), '..', print('max')],
      'tie coinflip',
      ['winner pays ', n.payTo],
      printBraces(options, 'prize', blockOf(n, 'prize'), path.map(print, 'prize')),
    ];
    return printBraces(options, 'auction sealed', blockOf(n), units);
  },
  PeekStep: (path, _options, print) => {
    const n = path.node;
    return ['peek ', print('seat'), ' at ', n.pick, ' card of ', print('target'), n.visibility === 'private' ? ' private' : ' occurrence public'];
  },
  RevealStep: (path, _options, print) => ['reveal ', path.node.what === 'hand' ? 'hand' : 'random card', ' of ', print('seat')],
  SwapStep: (path, _options, print) => ['swap random card between ', print('first'), ' and ', print('second'), ' ', path.node.visibility],
  StealStep: (path, _options, print) => ['steal random card from ', print('from'), ' to ', print('to'), ' ', path.node.visibility],
  DiscardStep: (path, _options, print) => {
    const n = path.node;
    return ['discard ', print('count'), ' ', n.pick, ' from ', print('seat'), n.to ? [' to ', print('to')] : '', n.face ? [' face ', n.face] : ''];
  },
  PayStep: (path, _options, print) => ['pay ', path.node.amount ? print('amount') : 'all', ' from ', print('from'), ' to ', print('to')],
  SidebetStep: (_path, _options, print) => ['sidebet ', print('seat'), ' ', print('amount'), ' on ', print('cond')],
  ScoreStep: (path, _options, print) => {
    // The sign is always written (`+2`, `-3`); `-0` reads back as the same score change, 0.
    const t = numberText(path.node.delta);
    return ['score ', print('seat'), ' ', t.startsWith('-') ? t : `+${t}`];
  },
  AssignStep: (path, _options, print) => ['assign ', print('position'), ' to ', path.node.criterion ?? print('seat')],
  SetStep: (_path, _options, print) => ['set ', print('variable'), ' = ', print('value')],
};
