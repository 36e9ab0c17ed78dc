import { evaluate7, playHoldem3Direct } from '../bench/direct/holdem3-sim.js';
import { evaluateHand } from '../src/interpreter/poker-hand.js';
import { rngFromKeys } from '../src/util/rng.js';
const rng = rngFromKeys(1);
const draw = () => { const d = Array.from({length:52},(_,i)=>i); for (let i=0;i<7;i++){const j=i+Math.floor(rng()*(52-i)); [d[i],d[j]]=[d[j],d[i]];} return Int32Array.from(d.slice(0,7)); };
let bad = 0;
for (let t = 0; t < 100000; t++) {
  const a = draw(), b = draw();
  const x = Math.sign(evaluate7(a) - evaluate7(b));
  const ref = (c: Int32Array) => evaluateHand([...c].map((id) => ({ rank: id >> 2, suit: id & 3 })), { numRanks: 13 }).value;
  const y = Math.sign(ref(a) - ref(b));
  if (x !== y) { bad++; if (bad < 5) console.log([...a], [...b], x, y); }
}
console.log('mismatches', bad);
const out = new Float64Array(3);
let sum = [0,0,0], sq = 0; const N = 200000;
const t0 = performance.now();
for (let h = 0; h < N; h++) { playHoldem3Direct(rng, h % 3, out); if (out[0]+out[1]+out[2] !== 0) throw new Error('not zero-sum ' + out); for (let s=0;s<3;s++) sum[s]+=out[s]; sq += out[0]*out[0]; }
const ms = performance.now() - t0;
console.log('hands/s', N / ms * 1000, 'mean per seat', sum.map(x=>x/N), 'sd', Math.sqrt(sq/N));
