/**
 * Keys never leave the environment: every string the LLM player records, logs or throws passes
 * through {@link redactSecrets}, which replaces the value of every key variable with `[redacted]`.
 */

const extraNames = new Set<string>();

/** Register a further variable whose value must never be shown (a participant's `api_key_env`). */
export function registerSecretEnv(name: string): void {
  extraNames.add(name);
}

/** Values of the key variables now set: `*_API_KEY`, `*_TOKEN` and registered names (values shorter than 8 characters are ignored). */
function secretValues(): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(process.env)) {
    if (!value || value.length < 8) continue;
    if (/(_API_KEY|_TOKEN|_SECRET)$/.test(name) || extraNames.has(name)) out.push(value);
  }
  return out.sort((a, b) => b.length - a.length);
}

/** `text` with every key value replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let t = text;
  for (const v of secretValues()) if (t.includes(v)) t = t.split(v).join('[redacted]');
  return t;
}
