/**
 * The `llm` agent kind for tournament configs: `{kind: llm, model: PROVIDER/MODEL, …}` with the
 * keys of `docs/llm.md`. {@link LLM_KIND_PARAMS} is the JSON Schema fragment of its parameters (the
 * registry's `params`); {@link createLlmKindAgent} makes the agent, whose `act(view)` answers with
 * the action, the fallback reason and the move record (`extra`), as the agent interface expects.
 */
import type { Game } from '../../interpreter/api.js';
import { createLlmAgent, type LlmAgent, type LlmAgentMove, type LlmAgentOptions, type LlmView } from './agent.js';
import { ON_FAILURE, parseLlmSettings, REASONING_EFFORTS } from './config.js';
import { UserError } from '../../util/errors.js';

/** Version of the prompt an LLM participant reads (rulebook + turn prompt + reply format); part of its identity. */
export const LLM_PROMPT_VERSION = 'genstrat-v2-turn-prompt/2';

const int = (min: number) => ({ type: 'integer', minimum: min });

/** JSON Schema of the kind's parameters (values are checked again, with messages naming the key, by `parseLlmSettings`). */
export const LLM_KIND_PARAMS = {
  properties: {
    model: { type: 'string', pattern: '^[a-z-]+/.+$', description: 'PROVIDER/MODEL, e.g. openai/gpt-4o-mini' },
    base_url: { type: 'string' },
    api_key_env: { type: 'string' },
    reasoning_effort: { enum: [...REASONING_EFFORTS] },
    thinking_budget: int(0),
    max_output_tokens: int(1),
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    seed: { type: 'integer' },
    conversation: { enum: ['fresh', 'match'], default: 'fresh' },
    deadline_ms: { ...int(1), default: 60_000 },
    concurrency: { ...int(1), default: 4 },
    rpm: int(1),
    price: { type: 'object' },
    on_failure: { enum: [...ON_FAILURE], default: 'fallback' },
    stream: { type: 'boolean' },
    expected_output_tokens: int(0),
  } as Record<string, Record<string, unknown>>,
  required: ['model'],
};

/** A tournament's LLM agent: `act(view)` plus the slot hooks of {@link LlmAgent}. */
export interface LlmKindAgent {
  readonly name: string;
  readonly llm: LlmAgent;
  /** LLM players read and write table chat (games that declare it). */
  readonly chat: true;
  act(view: LlmView): Promise<LlmAgentMove>;
  beginSlot(slotId: string): void;
  endSlot(): void;
}

/**
 * Make the agent of a `kind: llm` participant.
 * @param params the participant's parameters (`model` and the keys of `docs/llm.md`; `kind` and `name` are ignored)
 * @param prices the config's price table by model id
 * @throws UserError (a rejection) naming the key for a bad or unsupported parameter, or when the key
 *         variable is not set
 */
export async function createLlmKindAgent(
  game: Game,
  params: Record<string, unknown>,
  prices: Record<string, unknown> = {},
  options: Omit<LlmAgentOptions, 'name'> = {},
  where?: string,
): Promise<LlmKindAgent> {
  const { model, kind: _kind, name, ...block } = params;
  if (typeof model !== 'string')
    throw new UserError(`${where ?? 'llm'}: the llm agent needs a model, PROVIDER/MODEL (on the command line: llm:PROVIDER/MODEL)`);
  const spec = `llm:${model}`;
  const settings = parseLlmSettings(spec, block, prices, where ?? spec, typeof name === 'string' ? name : undefined);
  const llm = await createLlmAgent(game, settings, { ...options, name: typeof name === 'string' ? name : spec });
  return {
    name: llm.name,
    llm,
    chat: true,
    act: (view) => llm.decideView(view),
    beginSlot: (id) => llm.beginSlot(id),
    endSlot: () => void llm.endSlot(),
  };
}
