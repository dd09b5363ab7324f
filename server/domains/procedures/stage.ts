// The agent runtime's procedure stage (docs/behaviour.md "Procedures"): before retrieval, a
// conversation inside a procedure gets its next step (its state is stored per conversation, so a
// restart resumes it; "cancel" ends it), and a message that matches an active procedure of the
// reply's profile starts one — offline by its trigger phrases, with a model by the model's own
// start_procedure call (start-tool.ts); both begin the run here. The reply is the steps' text.
import type { AppContext } from '../../context.js';
import type { ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import type { AgentTool, AnswerOutput } from '../agent/provider.js';
import type { Procedure, ProcedureRun } from '../../../shared/schemas/procedures.js';
import { agentText } from '../agent/texts.js';
import { gatherFacts } from '../audiences/facts.js';
import { createProfileService } from '../profiles/service.js';
import { now } from '../../lib/ids.js';
import { advance, type EngineIO, type Outcome } from './engine.js';
import { isCancel } from './answers.js';
import { matchProcedure } from './matcher.js';
import { createToolCallService } from '../mcp/tool-calls.js';
import { decideToolCall } from '../mcp/decision.js';

/** `matchTriggers`: false when the model serves the reply — it chooses through start_procedure (spec 2.9). */
export type ProcedureStage = (conversation: ConversationRecord, question: Message, tools: AgentTool[], locale: string | null, profileId: string, matchTriggers?: boolean) => Promise<AnswerOutput | null>;

/** Starts a procedure's run in a conversation and returns its first turn as the reply (spec 2.9). */
export type BeginRun = (conversation: ConversationRecord, procedure: Procedure, tools: AgentTool[], locale: string | null) => Promise<AnswerOutput>;

const reply = (content: string, outcome: Pick<Outcome, 'handoff' | 'note'> = { handoff: null, note: null }): AnswerOutput => ({
  content,
  sources: [],
  offer_handoff: outcome.handoff === 'offer',
  ...(outcome.handoff === 'escalate' && outcome.note ? { handover_note: outcome.note } : {}),
  outcome: 'answer',
});

/** The procedures that may start in a reply of this profile (spec 2.9): active and enabled on it. */
export async function enabledProcedures(ctx: AppContext, projectId: string, profileId: string): Promise<Procedure[]> {
  return (await ctx.store.collection('procedures').list(projectId)).filter((p) => p.state === 'active' && p.profile_ids.includes(profileId));
}

/** The stage and the one way a run begins, shared by the phrase matcher and the model's start_procedure. */
export function procedureRuns(ctx: AppContext): { stage: ProcedureStage; begin: BeginRun } {
  const runs = ctx.store.collection('procedure_runs');
  const procedures = ctx.store.collection('procedures');

  // One turn of a procedure: `run` and `answer` continue a stored run, null begins one (spec 2.9).
  async function play(conversation: ConversationRecord, procedure: Procedure, run: ProcedureRun | null, answer: string | null, tools: AgentTool[], locale: string | null): Promise<AnswerOutput> {
    const projectId = conversation.project_id;
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
    const outcome = run
      ? await advance(procedure, { waitingAt: run.waiting_at, fields: run.fields, attempts: run.attempts }, answer, io)
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
  }

  const begin: BeginRun = (conversation, procedure, tools, locale) => play(conversation, procedure, null, null, tools, locale);

  const stage: ProcedureStage = async (conversation, question, tools, locale, profileId, matchTriggers = true) => {
    const projectId = conversation.project_id;
    const run = await runs.get(projectId, conversation.id);
    if (run) {
      const procedure = await procedures.get(projectId, run.procedure_id);
      if (procedure && procedure.state === 'active') {
        if (!isCancel(question.content)) return play(conversation, procedure, run, question.content, tools, locale);
        await runs.delete(projectId, conversation.id);
        return reply(agentText(locale, 'procedureCancelled'));
      }
      await runs.delete(projectId, conversation.id); // deleted or paused meanwhile: answer normally
    }
    // Offline the visitor's words choose (matcher.ts); with a model, the model does (start_procedure).
    if (!matchTriggers) return null;
    const procedure = matchProcedure(question.content, await enabledProcedures(ctx, projectId, profileId));
    return procedure ? begin(conversation, procedure, tools, locale) : null;
  };

  return { stage, begin };
}
