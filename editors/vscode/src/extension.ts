/**
 * The VS Code extension: starts `gbgc lsp` (the `gbgc.path` setting) for `.gbg` files.
 */
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const command = workspace.getConfiguration('gbgc').get<string>('path', 'gbgc');
  const serverOptions: ServerOptions = { command, args: ['lsp', '--stdio'], transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = { documentSelector: [{ language: 'gbg' }] };
  client = new LanguageClient('gbgc', 'GBG language server', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => void client?.stop() });
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
