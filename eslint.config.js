// The linter's rules (`npm run lint`): no import cycles, the stage layers of ARCHITECTURE.md (no
// import upward, no deep import into another stage, no command importing a command, no import of the
// interpreter's internal modules) and no unused variables or imports. The layer table below is the one ARCHITECTURE.md describes.
import './scripts/lint/typescript6.js';
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;

/**
 * The stages of src/, lowest first. A stage may import the stages of lower layers, and the peers of
 * its own layer that `peers` names; never a higher layer.
 */
const LAYERS = [
  ['util', 'diagnostics'],
  ['parser'],
  ['ir', 'compiler'],
  ['interpreter'],
  ['algorithms'],
  ['render', 'format', 'sampler'],
  ['eval'],
  ['lsp', 'lib', 'cli'],
];
const PEERS = { diagnostics: ['util'], compiler: ['ir'], sampler: ['render', 'format'], cli: ['lsp', 'lib'] };

/** Stages with sub-stages: each subfolder of src/eval is a stage of its own towards the others. */
const NESTED = ['eval'];

const subfolders = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

/**
 * The interpreter's public modules: the contract (`api.ts`), its index, the compiled game and its
 * state, and the small helpers other stages share (chance sampling, episode streams, betting action
 * ids, cost causes, poker-hand categories). Every other file of src/interpreter (the step program and
 * its opcodes, the machine and its register layout, the compiler of programs, the step modules, the
 * event log, the poker kernel, duplicate chance, ...) is internal: the rest of src/ reaches it only
 * through the contract's capabilities.
 */
const INTERPRETER_PUBLIC = ['api', 'index', 'game', 'state', 'chance', 'rng', 'betting', 'costs', 'poker-hand'];

/** `import-x/no-restricted-paths` zones; `skip` names the kinds ('layers', 'deep', 'commands', 'internal') to leave out. */
function zones(skip = []) {
  const out = [];
  if (!skip.includes('layers')) {
    LAYERS.forEach((layer, i) => {
      for (const stage of layer) {
        const allowed = [...LAYERS.slice(0, i).flat(), ...(PEERS[stage] ?? [])];
        const forbidden = LAYERS.flat().filter((s) => s !== stage && !allowed.includes(s));
        if (forbidden.length === 0) continue;
        out.push({
          target: `./src/${stage}`,
          from: forbidden.map((s) => `./src/${s}`),
          message: `src/${stage} may import only the stages below it (${allowed.join(', ') || 'none'}); see ARCHITECTURE.md.`,
        });
      }
    });
  }
  if (!skip.includes('deep')) {
    for (const stage of LAYERS.flat()) {
      const units = NESTED.includes(stage) ? subfolders(`src/${stage}`).map((sub) => `${stage}/${sub}`) : [stage];
      for (const unit of units) {
        const [top, sub] = unit.split('/');
        const outside = sub ? [`./src/!(${top})/**`, './src/*.ts', `./src/${top}/*.ts`, `./src/${top}/!(${sub})/**`] : [`./src/!(${top})/**`, './src/*.ts'];
        out.push({
          target: outside,
          from: [`./src/${unit}/*/**`],
          message: `import src/${unit} through its top-level modules, not a file in one of its subfolders; see ARCHITECTURE.md.`,
        });
      }
    }
  }
  if (!skip.includes('commands')) {
    out.push({
      target: './src/cli/commands/!(index).ts',
      from: ['./src/cli/commands/*.ts'],
      except: ['**/src/cli/commands/index.ts'],
      message: 'a command imports no other command: move what both need into src/cli or a lower stage.',
    });
  }
  if (!skip.includes('internal')) {
    out.push({
      target: ['./src/!(interpreter)/**', './src/*.ts'],
      from: [`./src/interpreter/!(${INTERPRETER_PUBLIC.join('|')}).ts`],
      message: `src/interpreter/${'{'}${INTERPRETER_PUBLIC.join(',')}${'}'}.ts are its public modules; the rest (program, opcodes, machine, registers, steps) is internal: use a capability of the contract (interpreter/api.ts).`,
    });
  }
  return out;
}

const restrictedPaths = (skip) => ['error', { basePath: root, zones: zones(skip) }];

/**
 * Temporary exceptions, each naming the files that still break a rule while their owners
 * restructure them (issue 33). Remove an entry as soon as its files comply.
 */
const TEMPORARY = [];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'node_modules/**',
      'editors/vscode/out/**',
      'src/ir/validate-ir.generated.js',
      'src/ir/validate-ir-first.generated.js',
      'test/fixtures/**',
      '.gbgc-*/**',
    ],
  },
  {
    files: ['**/*.{ts,js,mjs}'],
    extends: [importX.flatConfigs.typescript],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })] },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': restrictedPaths() },
  },
  {
    // The compiled game's step program is the interpreter's: the rest of src/ reads the IR and the
    // contract's capabilities instead (see INTERPRETER_PUBLIC).
    files: ['src/**/*.ts'],
    ignores: ['src/interpreter/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='program']",
          message: 'the step program is internal to src/interpreter: read the IR (game.ir) or a capability of the contract (interpreter/api.ts).',
        },
      ],
    },
  },
  ...TEMPORARY.map(({ files, rules }) => ({ files, rules })),
);
