// The linter's own guarantees (eslint.config.js, ARCHITECTURE.md): it rejects an import cycle, an
// import upward in the stage layers, a deep import into another stage, a command importing a command
// and an unused variable or import, and accepts the same files written as the rules want. The probes
// are linted as text under paths inside src/ (none exists on disk except the cycle's, whose text is
// replaced), so the real project's files are what they import.
import { resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: resolve(ROOT, 'eslint.config.js') });
});

/** The messages ESLint gives `text` as the file `path` (relative to the project root). */
async function lint(path: string, text: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(text, { filePath: resolve(ROOT, path) });
  return result!.messages;
}

const rules = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

describe('npm run lint', () => {
  it('rejects an import cycle: compiler/index.ts imports lower.ts, so lower.ts may not import it back', async () => {
    const cyclic = await lint('src/compiler/lower.ts', "import { compileSource } from './index.js';\nexport const again = compileSource;\n");
    expect(rules(cyclic)).toEqual(['import-x/no-cycle']);
    expect(cyclic[0]!.line).toBe(1);
    // A type-only import is erased by the compiler and is no cycle.
    expect(await lint('src/compiler/lower.ts', "import type { CompileResult } from './index.js';\nexport type Again = CompileResult;\n")).toEqual([]);
  });

  it('rejects an import upward in the layers: the parser may not import the interpreter, nor the interpreter the algorithms', async () => {
    const parser = await lint('src/parser/lint-probe.ts', "import { CHANCE } from '../interpreter/api.js';\nexport const c = CHANCE;\n");
    expect(rules(parser)).toEqual(['import-x/no-restricted-paths']);
    expect(parser[0]!.message).toContain('src/parser may import only the stages below it (util, diagnostics)');
    const interpreter = await lint('src/interpreter/lint-probe.ts', "export * from '../algorithms/index.js';\n");
    expect(rules(interpreter)).toEqual(['import-x/no-restricted-paths']);
    // Downward is allowed: the algorithms import the interpreter's contract.
    expect(await lint('src/algorithms/lint-probe.ts', "import { CHANCE } from '../interpreter/api.js';\nexport const c = CHANCE;\n")).toEqual([]);
  });

  it("rejects a deep import into another stage's subfolder or the interpreter's internals; a stage's public modules are its surface", async () => {
    const deep = await lint('src/sampler/lint-probe.ts', "import { irDiagnostics } from '../compiler/checks/index.js';\nexport const d = irDiagnostics;\n");
    expect(rules(deep)).toEqual(['import-x/no-restricted-paths']);
    expect(deep[0]!.message).toContain('import src/compiler through its top-level modules');
    expect(await lint('src/sampler/lint-probe.ts', "import { irDiagnostics } from '../compiler/index.js';\nexport const d = irDiagnostics;\n")).toEqual([]);
    // The interpreter's internal modules (the step program, the machine, ...) are reached only through the contract.
    const internal = await lint('src/algorithms/lint-probe.ts', "import { OP } from '../interpreter/program.js';\nexport const op = OP;\n");
    expect(rules(internal)).toEqual(['import-x/no-restricted-paths']);
    expect(internal[0]!.message).toContain('use a capability of the contract');
    // Nor is the compiled game's step program read outside the interpreter; the IR's seat names are public.
    const program = await lint(
      'src/algorithms/lint-probe.ts',
      "import type { CompiledGame } from '../interpreter/game.js';\nexport const seats = (g: CompiledGame) => g.program.seatNames;\n",
    );
    expect(rules(program)).toEqual(['no-restricted-syntax']);
    expect(program[0]!.message).toContain('the step program is internal to src/interpreter');
    expect(
      await lint(
        'src/algorithms/lint-probe.ts',
        "import type { CompiledGame } from '../interpreter/game.js';\nexport const seats = (g: CompiledGame) => g.ir.seats;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/interpreter/lint-probe.ts',
        "import type { CompiledGame } from './game.js';\nexport const seats = (g: CompiledGame) => g.program.seatNames;\n",
      ),
    ).toEqual([]);
    // Inside its own stage a file may reach into subfolders.
    expect(await lint('src/compiler/lint-probe.ts', "import { irDiagnostics } from './checks/index.js';\nexport const d = irDiagnostics;\n")).toEqual([]);
  });

  it('rejects a command importing another command; the registry type is allowed', async () => {
    const command = await lint('src/cli/commands/lint-probe.ts', "import { registerSample } from './sample.js';\nexport const r = registerSample;\n");
    expect(rules(command)).toEqual(['import-x/no-restricted-paths']);
    expect(command[0]!.message).toContain('a command imports no other command');
    expect(await lint('src/cli/commands/lint-probe.ts', "import type { RegisterCommand } from './index.js';\nexport type R = RegisterCommand;\n")).toEqual([]);
  });

  it('rejects an unused variable and an unused import, in src/ and in test/', async () => {
    const unused = await lint(
      'src/util/lint-probe.ts',
      "import { rngFromKeys } from './rng.js';\nexport function f(): number {\n  const left = 1;\n  return 2;\n}\n",
    );
    expect(unused.map((m) => [m.ruleId, m.line])).toEqual([
      ['@typescript-eslint/no-unused-vars', 1],
      ['@typescript-eslint/no-unused-vars', 3],
    ]);
    expect(rules(await lint('test/lint/lint-probe.test.ts', 'const never = 1;\n'))).toEqual(['@typescript-eslint/no-unused-vars']);
    expect(await lint('src/util/lint-probe.ts', "import { rngFromKeys } from './rng.js';\nexport const r = rngFromKeys;\n")).toEqual([]);
  });

  it('accepts the files of the project as they are (a stage index and a command)', async () => {
    const results = await eslint.lintFiles(['src/compiler/index.ts', 'src/cli/commands/check.ts']);
    expect(results.map((r) => r.messages)).toEqual([[], []]);
  });
});
