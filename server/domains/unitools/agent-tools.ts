// The project's Unitools as tools for the model (spec 2.9), each saying which profiles enable it: the
// behaviour stage keeps those the reply's profile enables (guidance/stages.ts). A run's
// stdout is the tool's content; a failure (bad arguments, timeout, limits, non-zero exit) comes back
// as text the model can act on, never as an error of the reply. Guidance allowlists filter these by
// name like every other tool (guidance/stages.ts).
import type { AgentTool } from '../agent/provider.js';
import type { StoredUnitool, TestRunResult } from '../../../shared/schemas/unitools.js';
import { createUnitoolService, type UnitoolService } from './service.js';

/** What the model reads of one result at most: a tool may print 64 KiB, a prompt should not carry it all. */
const CONTENT_CHARS = 8000;

export function resultText(outcome: TestRunResult): string {
  if (!outcome.ok) return `The tool failed (${outcome.error?.code ?? 'error'}): ${outcome.error?.message ?? 'no details'}`;
  const text = typeof outcome.result === 'string' ? outcome.result : JSON.stringify(outcome.result ?? null);
  return text.length > CONTENT_CHARS ? `${text.slice(0, CONTENT_CHARS)}… (cut: the result was ${text.length} characters)` : text;
}

function unitoolTool(service: UnitoolService, tool: StoredUnitool): AgentTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    enabledOn: (profile) => tool.profile_ids.includes(profile.id),
    async run(args) {
      return { content: resultText(await service.run(tool, args ?? {})) };
    },
  };
}

/** One service per context: every reply asks for the tools, and building the service each time showed in the chat path's profile. */
const services = new WeakMap<Parameters<typeof createUnitoolService>[0], UnitoolService>();

/** Every Unitool enabled on some profile; `profileId` narrows them to that profile's at once. */
export async function unitoolAgentTools(ctx: Parameters<typeof createUnitoolService>[0], projectId: string, profileId?: string): Promise<AgentTool[]> {
  let service = services.get(ctx);
  if (!service) services.set(ctx, (service = createUnitoolService(ctx)));
  return (await service.enabledOn(projectId, profileId)).map((tool) => unitoolTool(service, tool));
}
