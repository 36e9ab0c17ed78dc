/**
 * JSON Schema validation of the IR: ajv's validator of `schema.ts`, generated as plain code at
 * development time (`scripts/gen-ir-validator.ts`, checked current by `test/ir/generated.test.ts`)
 * so that no schema is compiled when gbgc starts.
 */
import type { ErrorObject } from 'ajv';
import type { GameIR } from './schema.js';
import { IR_JSON_SCHEMA, validate as validateFn } from './validate-ir.generated.js';
import { validate as validFn } from './validate-ir-first.generated.js';

/** One schema violation: `path` is a JSON Pointer into the IR (e.g. `/phases/0/steps/1/count`). */
export interface SchemaError {
  path: string;
  message: string;
}

/** The JSON Schema of the IR as one document: the game schema with the recursive parts under `$defs`. */
export function irJsonSchema(): object {
  return JSON.parse(JSON.stringify(IR_JSON_SCHEMA)) as object;
}

/**
 * Validate a value against the IR schema. A valid IR is judged by the validator that stops at its
 * first violation (about a third of the time of the one that lists them all); the full list is
 * gathered only for an invalid value.
 * @returns an empty array when `value` is a valid {@link GameIR}; otherwise every violation found.
 */
export function validateIR(value: unknown): SchemaError[] {
  if (validFn(value) || validateFn(value)) return [];
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
