/** Pool workers started from the sources do not inherit the parent's module loaders. */
import { describe, expect, it } from 'vitest';
import { withoutModuleLoaders } from '../../src/util/worker-bundle.js';

describe('pool worker options', () => {
  it('drops --import, --loader and --require with their values and keeps every other option', () => {
    expect(
      withoutModuleLoaders([
        '--import',
        'tsx',
        '--max-old-space-size=4096',
        '--require',
        './x.cjs',
        '-r',
        'y',
        '--loader=ts-node/esm',
        '--import=tsx',
        '--experimental-loader',
        'z',
        '--cpu-prof',
        '--enable-source-maps',
      ]),
    ).toEqual(['--max-old-space-size=4096', '--cpu-prof', '--enable-source-maps']);
    expect(withoutModuleLoaders([])).toEqual([]);
  });
});
