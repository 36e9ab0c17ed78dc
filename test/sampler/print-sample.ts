/**
 * Print the source of `sample(seed, complexity)` (argv[2], argv[3]): run in a second process by
 * the reproducibility test.
 */
import { sample } from '../../src/sampler/index.js';

const [seed, complexity] = process.argv.slice(2).map(Number);
process.stdout.write((await sample(seed!, complexity!)).source);
