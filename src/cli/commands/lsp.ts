/**
 * `gbgc lsp`: the `.gbg` language server over stdio (what an editor starts; see docs/editor.md).
 */
import type { RegisterCommand } from './index.js';

export const registerLsp: RegisterCommand = (cmd) =>
  cmd.option('--stdio', 'talk LSP over stdin/stdout (the default and only transport)').action(async () => {
    const { startLanguageServer } = await import('../../lsp/server.js');
    const connection = startLanguageServer(process.stdin, process.stdout);
    // Runs until the client sends `exit` (the library then ends the process) or closes stdin.
    await new Promise<void>((resolve) => {
      connection.onExit(() => resolve());
      process.stdin.on('end', () => resolve());
    });
  });
