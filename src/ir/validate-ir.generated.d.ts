// Types of the generated validator (see scripts/gen-ir-validator.ts); written by hand.
import type { ErrorObject } from 'ajv';

/** ajv's compiled validator of the game IR: true when valid; otherwise `errors` lists each violation. */
export declare const validate: ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };
export default validate;
/** The IR's JSON Schema as one document (the recursive parts under `$defs`). */
export declare const IR_JSON_SCHEMA: Record<string, unknown>;
