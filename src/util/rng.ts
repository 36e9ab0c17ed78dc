/**
 * The random-number type every stage shares.
 */

/** A source of uniform random numbers in [0, 1), e.g. a seeded generator. */
export type Rng = () => number;
