/**
 * Formatting `.gbg` source: the public API over the Prettier plugin.
 */
export { formatSource } from './format-source.js';
export { gbgPlugin, GbgSyntaxError } from './plugin.js';
export { NODE_PRINTERS } from './printer.js';
