/**
 * Make the provider a participant's settings name; the key is read from the environment here and
 * nowhere else. Each provider's module, and with it its SDK (`openai`, `@anthropic-ai/sdk`,
 * `@google/genai`), is imported only when a provider of its kind is made, so a command or a
 * tournament without LLM participants never loads an SDK.
 */
import { UserError } from '../../../util/errors.js';
import { DEFAULT_KEY_ENV, type LlmSettings } from '../config.js';
import { registerSecretEnv } from '../redact.js';
import type { Provider } from '../types.js';

export { ProviderCallError } from './errors.js';

/** The variable a participant's key is read from. */
export function keyEnvName(s: LlmSettings): string {
  if (s.apiKeyEnv) return s.apiKeyEnv;
  if (s.provider === 'gemini' && !process.env.GEMINI_API_KEY && process.env.GOOGLE_API_KEY) return 'GOOGLE_API_KEY';
  return DEFAULT_KEY_ENV[s.provider];
}

/**
 * The provider for `s`, with its key from the environment; loads the provider's SDK.
 * @throws UserError (a rejection) when the key variable is not set (a `compat` endpoint may run
 *         without a key)
 */
export async function createProvider(s: LlmSettings, env: NodeJS.ProcessEnv = process.env): Promise<Provider> {
  const name = keyEnvName(s);
  registerSecretEnv(name);
  const key = env[name];
  if (!key && s.provider !== 'compat') throw new UserError(`${s.provider}/${s.model}: the API key variable ${name} is not set`);
  const apiKey = key || 'unused';
  switch (s.provider) {
    case 'openai':
    case 'compat':
      return (await import('./openai-chat.js')).openaiChatProvider(s, apiKey);
    case 'openai-responses':
      return (await import('./openai-responses.js')).openaiResponsesProvider(s, apiKey);
    case 'anthropic':
      return (await import('./anthropic.js')).anthropicProvider(s, apiKey);
    case 'gemini':
      return (await import('./gemini.js')).geminiProvider(s, apiKey);
  }
}
