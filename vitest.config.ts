import { defineConfig } from 'vitest/config';

/**
 * No test may depend on the machine's speed: the timeouts below only catch a hang, and are far
 * above what any test file takes on a loaded 2-core machine (each file takes under 20 s of CPU).
 * Tests and hooks do not set shorter timeouts of their own; waits inside tests are event-driven or
 * bounded by the same kind of generous limit. Heavy measurements live in `bench/`.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});
