// allowed_tools from the instructions (spec 2.7): a tool name written in backticks (`offer_handoff`)
// allows that tool. Names that are no tool of the profile are returned separately so the API can flag
// them: a typo must not silently keep a tool out, nor an unknown name slip into the allowlist.
import type { AppContext } from '../../context.js';
import { BUILTIN_ACTIONS } from '../../../shared/schemas/behaviour.js';
import { createUnitoolService } from '../unitools/service.js';
import { START_PROCEDURE } from '../procedures/start-tool.js';

const BACKTICKED = /`([A-Za-z][A-Za-z0-9_.-]{0,63})`/g;

export function backtickedNames(instructions: string): string[] {
  const names = new Set<string>();
  for (const m of instructions.matchAll(BACKTICKED)) names.add(m[1]);
  return [...names];
}

/**
 * The tools a profile can offer: the built-in actions, start_procedure (offered with its procedures,
 * spec 2.9), its attached search tables' and its Unitools' names.
 */
export async function knownTools(ctx: AppContext, projectId: string, profileId: string): Promise<Set<string>> {
  const tables = await ctx.services.tables.attached(projectId, profileId);
  const unitools = await createUnitoolService(ctx).enabledOn(projectId, profileId);
  return new Set<string>([...BUILTIN_ACTIONS, START_PROCEDURE, ...tables.map((t) => t.name), ...unitools.map((t) => t.name)]);
}

export function splitTools(instructions: string, known: Set<string>): { allowed_tools: string[]; unknown_tools: string[] } {
  const names = backtickedNames(instructions);
  return { allowed_tools: names.filter((n) => known.has(n)), unknown_tools: names.filter((n) => !known.has(n)) };
}
