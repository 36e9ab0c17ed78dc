/** Version of the IR's shape; bump on any incompatible change (kept apart from `schema.ts` so that reading it does not build the schemas). */
export const IR_VERSION = 1;
