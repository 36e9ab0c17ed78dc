/**
 * Runs every benchmark in bench/ one after another (each in its own process, so one cannot
 * warm up or slow down another). `npm run bench`, or `npm run bench -- parse render` for some.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts')
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== bench/${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
