// The agent runtime's behaviour seams (server/domains/agent/runtime.ts) filled from profiles,
// guidance rules and audiences. The three stages of one reply receive the same conversation object,
// so the behaviour is resolved once per reply and shared through a WeakMap. A channel following an
// alias gets the build's profile, rules, audiences, search tables and knowledge (spec 2.10).
import type { AppContext } from '../../context.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { ReplyStages } from '../agent/runtime.js';
import { guarded, knowledgeTool } from '../agent/tools.js';
import { clockOf, currentTimeTool, userTimezone } from '../agent/tools/current-time.js';
import { effectiveActions } from '../../../shared/schemas/toolboxes.js';
import { resolveBehaviour, type Behaviour } from './resolve.js';
import { enabledProcedures, procedureRuns } from '../procedures/stage.js';
import { START_PROCEDURE, startProcedureTool } from '../procedures/start-tool.js';
import { servedByModel } from '../agent/provider.js';
import { BUILTIN_ACTIONS } from '../../../shared/schemas/behaviour.js';

const BUILTIN = new Set<string>(BUILTIN_ACTIONS);

export function behaviourStages(ctx: AppContext): ReplyStages {
  const resolved = new WeakMap<ConversationRecord, Promise<Behaviour>>();
  const behaviour = (c: ConversationRecord) => {
    let b = resolved.get(c);
    if (!b) resolved.set(c, (b = resolveBehaviour(ctx, c)));
    return b;
  };
  const procedures = procedureRuns(ctx);
  // Which provider serves the reply decides how a procedure starts (spec 2.9): the model chooses
  // through start_procedure, the offline answerer's path matches trigger phrases.
  const modelServes = async (c: ConversationRecord) => servedByModel(Boolean(ctx.config.llm), (await behaviour(c)).profile.model);
  return {
    // Whether the profile serving the reply lets the model answer: a model that reads images is then shown the visitor's (agent/images.ts).
    modelServes,
    // Procedures enabled on the reply's profile (the draft's or the build's, docs/behaviour.md).
    procedure: async (c, question, tools, locale) => procedures.stage(c, question, tools, locale, (await behaviour(c)).profile.id, !(await modelServes(c))),
    async procedureTool(c, tools, locale) {
      const { profile, allowedTools } = await behaviour(c);
      if (!(await modelServes(c)) || (allowedTools && !allowedTools.has(START_PROCEDURE))) return null;
      const enabled = await enabledProcedures(ctx, c.project_id, profile.id);
      return enabled.length ? startProcedureTool({ conversation: c, procedures: enabled, tools, locale, begin: procedures.begin }) : null;
    },
    async knowledgeScope(c) {
      const { sourceIds, snapshot } = await behaviour(c);
      return { ...(sourceIds ? { sourceIds } : {}), ...(snapshot ? { snapshot } : {}) };
    },
    async allowedTools(c, tools) {
      const { profile, allowedTools, sourceIds, snapshot, searchTables } = await behaviour(c);
      const knowledge = ctx.services.knowledge;
      // Enabled one by one or through a toolbox (docs/behaviour.md "Toolboxes and web tools").
      const enabled = new Set(effectiveActions(profile));
      return tools
        .filter((t) => !BUILTIN.has(t.name) || enabled.has(t.name))
        .filter((t) => t.kind !== 'table' || !searchTables || searchTables.has(t.name))
        // Unitools and external tools: those the profile serving this reply enables.
        .filter((t) => !t.enabledOn || t.enabledOn(profile))
        .filter((t) => !allowedTools || allowedTools.has(t.name))
        // search_knowledge searches what this conversation may see: its audiences' sources, the build's knowledge.
        .map((t) => (t.name === 'search_knowledge' && knowledge && (sourceIds || snapshot) ? guarded(knowledgeTool(c.project_id, knowledge, { sourceIds, snapshot })) : t))
        // current_time falls back to the timezone of the profile this reply uses (the build's, or the draft's).
        .map((t) => (t.name === 'current_time' ? guarded(currentTimeTool(userTimezone(ctx.services.users, c), profile.timezone, clockOf(c))) : t));
    },
    async guidance(c, tools) {
      const { rules, trace, profile } = await behaviour(c);
      return { instructions: rules.map((r) => r.instructions), trace: { ...trace, allowed_tools: tools.map((t) => t.name) }, model: profile.model };
    },
  };
}
