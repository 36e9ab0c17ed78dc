/** Kuhn and Leduc compiled from `examples/`, for the axis tests. */
import { example } from '../../interpreter/helpers.js';
import type { CompiledGame } from '../../../src/interpreter/index.js';

let k: CompiledGame | undefined;
let l: CompiledGame | undefined;
export const kuhn = (): CompiledGame => (k ??= example('kuhn.gbg'));
export const leduc = (): CompiledGame => (l ??= example('leduc.gbg'));
