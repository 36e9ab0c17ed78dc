#!/usr/bin/env node
// The CLI as bundled by `npm run build` (scripts/build.mjs): a few files instead of a thousand modules.
import { main } from '../dist/bundle/main.js';

process.exitCode = await main(process.argv.slice(2));
