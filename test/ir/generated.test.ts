import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { GENERATED_FIRST_PATH, GENERATED_PATH, irFirstErrorValidatorSource, irJsonSchemaDocument, irValidatorSource } from '../../scripts/gen-ir-validator.js';
import { validate as validFirst } from '../../src/ir/validate-ir-first.generated.js';
import { sampleIR } from '../../src/sampler/index.js';
import { BoolExprSchema, GameIRSchema, IntExprSchema, StepSchema } from '../../src/ir/schema.js';
import { irJsonSchema, validateIR } from '../../src/ir/validate.js';
import { compileSource } from '../../src/compiler/index.js';

type Phases = { steps: Record<string, unknown>[] }[];

describe('the generated IR validator (src/ir/validate-ir.generated.js)', () => {
  it('is what scripts/gen-ir-validator.ts makes of src/ir/schema.ts today (run `npm run gen` when this fails)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8') === irValidatorSource()).toBe(true);
    expect(readFileSync(GENERATED_FIRST_PATH, 'utf8') === irFirstErrorValidatorSource()).toBe(true);
  });

  it('the first-violation validator judges validity as the full one, on valid IRs and on one broken field each', () => {
    const irs = [0, 1, 2, 3, 4, 5].map((s) => sampleIR(s, s / 5) as unknown as Record<string, unknown>);
    let broken = 0;
    for (const ir of irs) {
      expect(validFirst(ir)).toBe(true);
      expect(validateIR(ir)).toEqual([]);
      const mutations: ((x: Record<string, unknown>) => void)[] = [
        (x) => (x['stacks'] = [1, -1]),
        (x) => delete x['deck'],
        (x) => (x['phases'] as Phases)[0]!.steps.push({ kind: 'no-such-step' }),
        (x) => (x['phases'] as Phases).at(-1)!.steps.push({ kind: 'deal', count: 0 }),
        (x) => (x['extra'] = 1),
      ];
      for (const mutate of mutations) {
        const x = JSON.parse(JSON.stringify(ir)) as Record<string, unknown>;
        mutate(x);
        expect(validFirst(x)).toBe(false);
        expect(validFirst.errors?.length).toBeGreaterThanOrEqual(1);
        expect(validateIR(x).length).toBeGreaterThanOrEqual(1);
        broken++;
      }
    }
    expect(broken).toBe(30);
  });

  it('holds the frozen JSON Schema of the IR', () => {
    expect(irJsonSchema()).toEqual(irJsonSchemaDocument());
  });

  it('judges valid and broken IRs as an ajv validator compiled from the schema does', () => {
    const ajv = new Ajv({ allErrors: true, strict: true });
    ajv.addSchema(IntExprSchema);
    ajv.addSchema(BoolExprSchema);
    ajv.addSchema(StepSchema);
    const fresh = ajv.compile(GameIRSchema);
    const { ir } = compileSource(readFileSync(new URL('../../examples/leduc.gbg', import.meta.url), 'utf8'));
    expect(ir).not.toBeNull();
    const broken = JSON.parse(JSON.stringify(ir)) as Record<string, unknown> & { stacks: unknown[]; phases: { steps: Record<string, unknown>[] }[] };
    broken.stacks = [-1, 'x'];
    broken.phases[0]!.steps[0]!['kind'] = 'no-such-step';
    delete broken['name'];
    for (const value of [ir, broken, {}, null, []]) {
      const ours = validateIR(value);
      expect(ours.length === 0).toBe(fresh(value));
      expect(ours.map((e) => e.path).sort()).toEqual((fresh.errors ?? []).map((e) => e.instancePath || '/').sort());
    }
    expect(validateIR(broken).map((e) => e.path)).toEqual(expect.arrayContaining(['/stacks/0', '/stacks/1', '/']));
  });
});
