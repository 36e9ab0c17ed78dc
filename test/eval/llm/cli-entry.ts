/** The CLI as a separate process from the TypeScript sources (for tests that kill it). */
import { main } from '../../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
