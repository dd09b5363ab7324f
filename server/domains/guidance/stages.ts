// The agent runtime's behaviour seams (server/domains/agent/runtime.ts) filled from profiles,
// guidance rules and audiences. The three stages of one reply receive the same conversation object,
// so the behaviour is resolved once per reply and shared through a WeakMap.
import type { AppContext } from '../../context.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { ReplyStages } from '../agent/runtime.js';
import type { AgentTool } from '../agent/provider.js';
import { resolveBehaviour, type Behaviour } from './resolve.js';
import { BUILTIN_ACTIONS } from '../../../shared/schemas/behaviour.js';

const BUILTIN = new Set<string>(BUILTIN_ACTIONS);

/** search_knowledge returns passages of the sources the conversation may see, and no others. */
function scopedSearch(tool: AgentTool, sourceIds: string[]): AgentTool {
  const allowed = new Set(sourceIds);
  return {
    ...tool,
    async run(args, signal) {
      const out = await tool.run(args, signal);
      const passages = out.passages?.filter((p) => allowed.has(p.source_id));
      return { ...out, passages, ...(out.passages?.length && !passages?.length ? { content: 'No matching passages.' } : {}) };
    },
  };
}

export function behaviourStages(ctx: AppContext): ReplyStages {
  const resolved = new WeakMap<ConversationRecord, Promise<Behaviour>>();
  const behaviour = (c: ConversationRecord) => {
    let b = resolved.get(c);
    if (!b) resolved.set(c, (b = resolveBehaviour(ctx, c)));
    return b;
  };
  return {
    knowledgeScope: async (c) => (await behaviour(c)).sourceIds,
    async allowedTools(c, tools) {
      const { profile, allowedTools, sourceIds } = await behaviour(c);
      return tools
        .filter((t) => !BUILTIN.has(t.name) || profile.enabled_actions.includes(t.name))
        .filter((t) => !allowedTools || allowedTools.has(t.name))
        .map((t) => (t.name === 'search_knowledge' && sourceIds ? scopedSearch(t, sourceIds) : t));
    },
    async guidance(c, tools) {
      const { rules, trace, profile } = await behaviour(c);
      return { instructions: rules.map((r) => r.instructions), trace: { ...trace, allowed_tools: tools.map((t) => t.name) }, model: profile.model };
    },
  };
}
