// Play one hand of Leduc hold'em by action labels: force the deal, bet, and read the result.
// Run from a project that depends on gbgc:  node leduc-hand.mjs path/to/leduc.gbg
import { loadGame, IllegalLabelError } from 'gbgc';

const game = loadGame(process.argv[2] ?? 'examples/leduc.gbg');
const state = game.newInitialState();

// Chance nodes: deal Alice the king of hearts, Bob the jack of spades.
for (const card of ['K of hearts', 'J of spades']) {
  state.applyAction(state.chanceOutcomeByLabel(card).action);
}

console.log(state.legalActionLabels()); // Alice opens: [ 'check', 'bet' ]
state.applyLabel('bet');
try {
  state.applyLabel('bet'); // Bob faces a bet: betting again is a raise
} catch (e) {
  if (!(e instanceof IllegalLabelError)) throw e;
  console.log(e.message); // bet is not legal here; legal: fold, call, raise
}
state.applyLabel('call');

// The flop: the king of spades pairs Alice's card.
state.applyAction(state.chanceOutcomeByLabel('K of spades').action);
state.applyLabel('check');
state.applyLabel('check');

console.log(state.isTerminal(), state.returns()); // true [ 3, -3 ]
for (const e of state.observation(1).log.slice(-4)) console.log(e.text); // the showdown as Bob saw it
