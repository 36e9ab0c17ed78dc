// Starts `gbgc lsp` from the sources (the LSP test spawns this under tsx).
import { main } from '../../src/cli/main.js';

process.exitCode = await main(['lsp', '--stdio']);
