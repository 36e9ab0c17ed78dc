// `node --import register.mjs`: log every module URL the process resolves to $RESOLVE_LOG (hooks.mjs).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, { data: { log: process.env.RESOLVE_LOG } });
