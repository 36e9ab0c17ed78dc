export * from './schema.js';
export * from './validate.js';
export * from './hash.js';
