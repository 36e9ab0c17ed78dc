// Module-resolution hooks for tests that check which modules a process loads: every resolved URL
// is appended, one a line, to the file named at registration (register.mjs).
import { appendFileSync } from 'node:fs';

let log;

export function initialize(data) {
  log = data.log;
}

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (log) appendFileSync(log, `${r.url}\n`);
  return r;
}
