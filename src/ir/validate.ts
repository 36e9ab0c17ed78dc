/**
 * JSON Schema validation of the IR with ajv.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { BoolExprSchema, GameIRSchema, IntExprSchema, StepSchema, type GameIR } from './schema.js';

const ajv = new Ajv({ allErrors: true, strict: true });
// The recursive parts are separate schemas that the game schema references by `$id`.
ajv.addSchema(IntExprSchema);
ajv.addSchema(BoolExprSchema);
ajv.addSchema(StepSchema);
const validateFn = ajv.compile<GameIR>(GameIRSchema);

/** One schema violation: `path` is a JSON Pointer into the IR (e.g. `/phases/0/steps/1/count`). */
export interface SchemaError {
  path: string;
  message: string;
}

/** The JSON Schema of the IR as one document: the game schema with the recursive parts under `$defs`. */
export function irJsonSchema(): object {
  const root = JSON.parse(JSON.stringify(GameIRSchema)) as Record<string, unknown>;
  root['$defs'] = Object.fromEntries([IntExprSchema, BoolExprSchema, StepSchema].map((s) => [s.$id, JSON.parse(JSON.stringify(s))]));
  return root;
}

/**
 * Validate a value against the IR schema.
 * @returns an empty array when `value` is a valid {@link GameIR}; otherwise every violation found.
 */
export function validateIR(value: unknown): SchemaError[] {
  if (validateFn(value)) return [];
  return (validateFn.errors ?? []).map((e: ErrorObject) => ({
    path: e.instancePath || '/',
    message: `${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`,
  }));
}

/** Thrown by {@link assertIR} when a value is not a valid IR. */
export class InvalidIRError extends Error {
  constructor(readonly errors: SchemaError[]) {
    super(`invalid IR: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    this.name = 'InvalidIRError';
  }
}

/**
 * Validate and narrow.
 * @throws InvalidIRError listing each violation with its JSON Pointer path.
 */
export function assertIR(value: unknown): asserts value is GameIR {
  const errors = validateIR(value);
  if (errors.length > 0) throw new InvalidIRError(errors);
}
