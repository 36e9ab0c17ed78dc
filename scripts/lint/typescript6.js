// Lets typescript-eslint parse with the TypeScript 6 API. The project type-checks with `typescript` 7
// (the native compiler, which has no JavaScript API), while typescript-eslint needs the 6.x API; the
// devDependency `typescript-for-lint` is typescript 6 under another name. This hook sends the
// `require('typescript')` of typescript-eslint's packages (and ts-api-utils) to it, and nothing else.
// eslint.config.js imports it before typescript-eslint.
import Module, { createRequire } from 'node:module';

const typescript6 = createRequire(import.meta.url).resolve('typescript-for-lint');
const linterPackage = /[\\/]node_modules[\\/](?:@typescript-eslint[\\/]|typescript-eslint[\\/]|ts-api-utils[\\/])/;
const resolveFilename = Module._resolveFilename;

Module._resolveFilename = function (request, parent, ...rest) {
  if (request === 'typescript' && linterPackage.test(parent?.filename ?? '')) return typescript6;
  return resolveFilename.call(this, request, parent, ...rest);
};
