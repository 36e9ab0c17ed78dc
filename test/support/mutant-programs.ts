/**
 * The valid programs mutated by the one-mistake-one-diagnostic property: every `examples/*.gbg`
 * and `generated` sampled games (seeds 1, 2, …, complexity 0.5).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sample } from '../../src/sampler/index.js';

const EXAMPLES = join(import.meta.dirname, '..', '..', 'examples');

export async function mutantPrograms(generated: number): Promise<{ origin: string; source: string }[]> {
  const out = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.gbg'))
    .sort()
    .map((f) => ({ origin: `examples/${f}`, source: readFileSync(join(EXAMPLES, f), 'utf8') }));
  for (let s = 1; s <= generated; s++) out.push({ origin: `sample seed ${s}`, source: (await sample(s, 0.5)).source });
  return out;
}
