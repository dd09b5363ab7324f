// The agent runtime's procedure stage (docs/behaviour.md "Procedures"): before retrieval, a
// conversation inside a procedure gets its next step (its state is stored per conversation, so a
// restart resumes it; "cancel" ends it), and a message that matches an active procedure of the
// reply's profile starts one. The reply is the steps' text; nothing else answers that message.
import type { AppContext } from '../../context.js';
import type { ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import type { AgentTool, AnswerOutput } from '../agent/provider.js';
import type { Procedure } from '../../../shared/schemas/procedures.js';
import { agentText } from '../agent/texts.js';
import { gatherFacts } from '../audiences/facts.js';
import { createProfileService } from '../profiles/service.js';
import { now } from '../../lib/ids.js';
import { advance, type EngineIO, type Outcome } from './engine.js';
import { isCancel } from './answers.js';
import { matchProcedure } from './matcher.js';
import { createToolCallService } from '../mcp/tool-calls.js';
import { decideToolCall } from '../mcp/decision.js';

export type ProcedureStage = (conversation: ConversationRecord, question: Message, tools: AgentTool[], locale: string | null, profileId: string) => Promise<AnswerOutput | null>;

const reply = (content: string, outcome: Pick<Outcome, 'handoff' | 'note'> = { handoff: null, note: null }): AnswerOutput => ({
  content,
  sources: [],
  offer_handoff: outcome.handoff === 'offer',
  ...(outcome.handoff === 'escalate' && outcome.note ? { handover_note: outcome.note } : {}),
  outcome: 'answer',
});

export function procedureStage(ctx: AppContext): ProcedureStage {
  const runs = ctx.store.collection('procedure_runs');
  const procedures = ctx.store.collection('procedures');

  return async (conversation, question, tools, locale, profileId) => {
    const projectId = conversation.project_id;
    const run = await runs.get(projectId, conversation.id);
    let procedure: Procedure | undefined;
    if (run) {
      procedure = await procedures.get(projectId, run.procedure_id);
      if (!procedure || procedure.state !== 'active') {
        await runs.delete(projectId, conversation.id); // deleted or paused meanwhile: answer normally
        procedure = undefined;
      } else if (isCancel(question.content)) {
        await runs.delete(projectId, conversation.id);
        return reply(agentText(locale, 'procedureCancelled'));
      }
    }
    if (!procedure) {
      const enabled = (await procedures.list(projectId)).filter((p) => p.state === 'active' && p.profile_ids.includes(profileId));
      procedure = matchProcedure(question.content, enabled) ?? undefined;
      if (!procedure) return null;
    }

    // External tools (spec 2.9): the same decision as the model's calls; a call that needs approval
    // waits at its step, and the call the run waited on decides when the run comes back to it.
    const toolCalls = createToolCallService(ctx);
    let waited = run?.tool_call_id ? await toolCalls.get(projectId, conversation.id, run.tool_call_id).catch(() => null) : null;
    let pendingCallId: string | null = null;
    const allowed = new Set(tools.map((t) => t.name));
    const io: EngineIO = {
      facts: async () => gatherFacts(ctx, conversation, (await createProfileService(ctx.store).defaultProfile(projectId)).timezone),
      async runTool(name, args) {
        const tool = tools.find((t) => t.name === name);
        if (!tool) return { ok: false, error: `${name} is not a tool this reply may use` };
        if (tool.external && tool.policy) {
          const decision = decideToolCall(tool.policy, name, allowed);
          if (decision.action === 'refuse') return { ok: false, error: `${name} may not be used here` };
          const outcome = decision.action === 'run' ? await toolCalls.runNow(conversation, tool, args, 'procedure') : null;
          if (outcome) return outcome.ok ? { ok: true, content: outcome.content } : { ok: false, error: outcome.content };
          const answered = waited && waited.tool === name ? waited : null;
          waited = null;
          if (!answered) {
            pendingCallId = (await toolCalls.pause(conversation, tool, args, 'procedure')).id;
            return { pending: true };
          }
          if (answered.approval !== 'approved') return { ok: false, error: answered.approval === 'denied' ? 'the visitor declined the call' : 'the call was not approved in time' };
          const result = await toolCalls.execute(answered);
          return result.ok ? { ok: true, content: result.content } : { ok: false, error: result.content };
        }
        try {
          const result = await tool.run(args);
          return { ok: true, content: result.content || (result.passages ?? []).map((p) => p.text).join('\n') };
        } catch (err) {
          return { ok: false, error: (err as Error).message };
        }
      },
      text: (key, vars) => agentText(locale, key, vars),
    };
    const outcome = run && run.procedure_id === procedure.id
      ? await advance(procedure, { waitingAt: run.waiting_at, fields: run.fields, attempts: run.attempts }, question.content, io)
      : await advance(procedure, { waitingAt: null, fields: {}, attempts: 0 }, null, io);

    if (outcome.next?.waitingAt) {
      const t = now();
      await runs.put(projectId, {
        id: conversation.id,
        project_id: projectId,
        procedure_id: procedure.id,
        waiting_at: outcome.next.waitingAt,
        fields: outcome.next.fields,
        attempts: outcome.next.attempts,
        ...(pendingCallId ? { tool_call_id: pendingCallId } : {}),
        started_at: run?.started_at ?? t,
        updated_at: t,
      });
    } else if (run) await runs.delete(projectId, conversation.id);
    // Waiting for an approval: what was said so far, or nothing (the widget shows the approve/deny card).
    if (pendingCallId) return { ...reply(outcome.lines.join('\n\n'), outcome), awaiting_approval: true };
    return reply(outcome.lines.length ? outcome.lines.join('\n\n') : agentText(locale, 'procedureDone'), outcome);
  };
}
