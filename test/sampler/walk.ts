/**
 * Walking a game's IR in tests: the kinds of steps and expressions it uses, and every name it
 * declares or gives an option.
 */
import type { GameIR } from '../../src/ir/schema.js';

/** Step kinds, and expression kinds prefixed `expr:` (seat quantifiers as `expr:any`, `expr:each`). */
export function stepKinds(ir: GameIR): Set<string> {
  const out = new Set<string>();
  const visit = (x: unknown, inExpr: boolean): void => {
    if (Array.isArray(x)) return x.forEach((v) => visit(v, inExpr));
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (typeof o.kind === 'string') out.add(inExpr ? `expr:${o.kind}` : o.kind);
    for (const [k, v] of Object.entries(o)) {
      const expr = ['cond', 'until', 'args', 'arg', 'left', 'right', 'value'].includes(k) || (inExpr && k === 'seat');
      visit(v, expr || (inExpr && k !== 'steps'));
    }
  };
  for (const p of [...ir.phases, ...ir.subphases]) visit(p.steps, false);
  return out;
}

/** Names of phases, sub-phases, piles, variables, positions, and choice and simultaneous options. */
export function allNames(ir: GameIR): string[] {
  const names = [...ir.phases, ...ir.subphases, ...ir.piles, ...ir.variables, ...ir.positions].map((x) => x.name);
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(visit);
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.kind === 'choice') for (const opt of o.options as { name: string }[]) names.push(opt.name);
    if (o.kind === 'simultaneous') names.push(...(o.options as string[]));
    Object.values(o).forEach(visit);
  };
  for (const p of [...ir.phases, ...ir.subphases]) visit(p.steps);
  return names;
}
