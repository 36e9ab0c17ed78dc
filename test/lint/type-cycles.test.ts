// Import cycles that the linter's import-x/no-cycle does not see: `import type` is erased by the
// compiler, so no-cycle skips it, yet a circle of types still ties two modules into one. This test
// reads every static `import … from` and `export … from` of src/ (type-only ones included; dynamic
// `import()` is lazy and left out) and finds the strongly connected components of that graph.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Relative imports of one module's text, resolved to `.ts` paths next to `file`. */
function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) out.push(resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  return out;
}

/** The cycles (components of two or more modules, or a module importing itself) of a graph, by Tarjan's algorithm. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('import cycles, type-only imports included', () => {
  it('finds a planted circle of types and a self-import, and no cycle in a chain', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(
      cyclesOf(
        new Map([
          ['x', ['y']],
          ['y', ['z']],
          ['z', []],
        ]),
      ),
    ).toEqual([]);
    const text = "import type { Block } from './blocks.js';\nexport { x } from '../ir/schema.js';\nconst y = await import('./lazy.js');\n";
    expect(importsOf('/p/src/sampler/rounds.ts', text)).toEqual(['/p/src/sampler/blocks.ts', '/p/src/ir/schema.ts']);
  });

  it('src/ has none', () => {
    const graph = new Map<string, string[]>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts')) graph.set(path, importsOf(path, readFileSync(path, 'utf8')));
      }
    };
    walk(join(ROOT, 'src'));
    expect(graph.size).toBeGreaterThan(200);
    expect(cyclesOf(graph).map((c) => c.map((f) => relative(ROOT, f)))).toEqual([]);
  });
});
