/**
 * Rendering: rulebooks (`renderRulebook`), turn prompts (`renderTurnPrompt`) and the rulebook
 * facts check (`rulebookFacts`, `checkRulebookFacts`). See `docs/rulebook.md`.
 */
export { renderRulebook, RENDER_FORMATS, type RenderFormat } from './rulebook.js';
export { renderTurnPrompt, buildPromptView, type PromptView, type PromptOptionView } from './prompt.js';
export { parseReply, jsonReply, jsonAmountReply, type ReplyResult } from './reply.js';
export { menuEntries, costWords, type MenuEntry } from './menu.js';
export { rulebookFacts, checkRulebookFacts, normalizeRulebook, RULEBOOK_SECTIONS, type RulebookFact, type FactsReport } from './facts.js';
export { renderDefects } from './defects.js';
export { buildRulebookView } from './view/rulebook.js';
export type { RulebookView, StepView, StepViewByKind, ShowdownView, CondView, IntExprView } from './view/types.js';
export { STEP_KINDS } from './view/steps.js';
