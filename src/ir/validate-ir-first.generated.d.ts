// Types of the generated first-violation validator (see scripts/gen-ir-validator.ts); written by hand.
import type { ErrorObject } from 'ajv';

/** ajv's compiled validator of the game IR that stops at the first violation: true when valid; otherwise `errors` holds that violation. */
export declare const validate: ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };
export default validate;
