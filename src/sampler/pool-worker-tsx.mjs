// Entry of a pool worker when gbgc runs from its TypeScript sources (tests, `tsx`): Node 20 does
// not apply a worker's `--import tsx` to the worker's own entry module, so this plain module loads
// the TypeScript entry through tsx's API. Built code (`dist/`) starts `pool-worker.js` directly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pool-worker.ts', import.meta.url);
