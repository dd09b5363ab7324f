// The log of external tool calls (spec 2.9), one document per call on its conversation: what was
// called with which values, the plain-language summary a person approves, the approval and who gave
// it, how it ended (result summary, error, duration). A call that needs approval waits here as
// `pending`, with the paused reply's state, until the visitor or an operator answers it; nothing runs
// before. Results are not kept beyond a short summary: the data stays in the external system.
import type { AppContext } from '../../context.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { ToolCall } from '../../../shared/schemas/mcp-servers.js';
import { MCP_LIMITS } from '../../../shared/schemas/mcp-servers.js';
import { AppError, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import type { AgentTool } from '../agent/provider.js';
import { McpFailure } from './connections.js';
import { decideToolCall } from './decision.js';
import { callSummary } from './names.js';
import { createMcpServerService } from './service.js';

type Ctx = Pick<AppContext, 'store' | 'box' | 'config' | 'services' | 'bus'>;
type Stored = ToolCall & { resume?: unknown };

/** What the model reads of one result at most. */
const CONTENT_CHARS = 8000;
export const DECLINED = 'The user declined this call, so it did not run. Do not call it again unless they ask; answer without it.';
export const EXPIRED = 'This call was not approved in time, so it did not run. Answer without it.';

export interface Answerer {
  kind: 'visitor' | 'operator';
  id: string | null;
  name: string | null;
}

/** Calls being run now, across service instances: an approval answered twice must not run twice. */
const running = new Set<string>();

const cap = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
const publicView = ({ resume: _r, ...call }: Stored): ToolCall => call;

export function createToolCallService(ctx: Ctx) {
  const calls = ctx.store.collection('tool_calls');
  const servers = createMcpServerService(ctx);

  const publish = (call: Stored) =>
    ctx.bus.publish({ type: 'tool_call.updated', project_id: call.project_id, conversation_id: call.conversation_id, tool_call: publicView(call) });

  async function put(call: Stored): Promise<Stored> {
    const stored = await calls.put(call.project_id, call);
    publish(stored);
    return stored;
  }

  async function patch(call: Stored, fields: Partial<Stored>): Promise<Stored> {
    const next = (await calls.update(call.project_id, call.id, (c) => ({ ...c, ...fields, updated_at: now() })))!;
    publish(next);
    return next;
  }

  function draft(conversation: ConversationRecord, tool: AgentTool, args: Record<string, unknown>, origin: ToolCall['origin']): Stored {
    const ext = tool.external!;
    const t = now();
    return {
      id: newId(),
      project_id: conversation.project_id,
      conversation_id: conversation.id,
      tool: tool.name,
      tool_title: ext.title,
      mcp_server_id: ext.serverId,
      mcp_tool: ext.tool,
      origin,
      arguments: args,
      summary: callSummary(ext.title, args),
      approval: 'not_required',
      answered_by: null,
      answered_at: null,
      status: 'pending',
      result_summary: null,
      error: null,
      duration_ms: null,
      created_at: t,
      updated_at: t,
    };
  }

  /**
   * Runs a call that may run (no approval needed, or approved), logs how it went and returns the text
   * for the model. The decision is asked again: the team may have withdrawn the tool meanwhile.
   */
  async function execute(call: Stored, signal?: AbortSignal): Promise<{ ok: boolean; content: string }> {
    if (running.has(call.id) || call.status !== 'pending') return { ok: false, content: 'This call was already handled.' };
    running.add(call.id);
    const started = performance.now();
    try {
      const row = await ctx.store.collection('mcp_servers').get(call.project_id, call.mcp_server_id);
      const cached = row?.tools.find((t) => t.name === call.mcp_tool);
      const setting = row?.tool_settings[call.mcp_tool];
      if (!row || !cached || decideToolCall({ exposed: setting?.exposed ?? false, approval: setting?.approval ?? null, trusted: row.trusted, annotations: cached.annotations }, call.tool, null).action === 'refuse') {
        await patch(call, { status: 'not_run', error: 'the tool is no longer exposed' });
        return { ok: false, content: 'The tool is no longer available; answer without it.' };
      }
      try {
        const outcome = await ctx.services.mcp.callTool(servers.specOf(row), call.mcp_tool, call.arguments, signal);
        const duration_ms = Math.round(performance.now() - started);
        await servers.noteHealth(call.project_id, row.id, null);
        await patch(call, {
          status: outcome.ok ? 'ok' : 'error',
          result_summary: outcome.ok ? cap(outcome.text, MCP_LIMITS.resultSummaryChars) : null,
          error: outcome.ok ? null : cap(outcome.text || 'the tool reported an error', MCP_LIMITS.resultSummaryChars),
          duration_ms,
        });
        const text = cap(outcome.text, CONTENT_CHARS);
        return { ok: outcome.ok, content: outcome.ok ? text || '(the tool returned nothing)' : `The tool failed: ${text || 'no details'}` };
      } catch (err) {
        const duration_ms = Math.round(performance.now() - started);
        const message = err instanceof McpFailure || err instanceof Error ? err.message : String(err);
        if (err instanceof McpFailure && /could not connect/.test(message)) await servers.noteHealth(call.project_id, row.id, message);
        await patch(call, { status: 'error', error: cap(message, MCP_LIMITS.resultSummaryChars), duration_ms });
        return { ok: false, content: `The tool failed: ${message}. Do not retry it now; answer from what you have or say you could not check.` };
      }
    } finally {
      running.delete(call.id);
    }
  }

  async function pending(projectId: string, conversationId: string): Promise<Stored[]> {
    return (await calls.findBy('conversation_id', conversationId)).filter((c) => c.project_id === projectId && c.approval === 'pending');
  }

  return {
    execute,

    async list(projectId: string, conversationId: string): Promise<ToolCall[]> {
      const all = await calls.findBy('conversation_id', conversationId);
      return all.filter((c) => c.project_id === projectId).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)).map(publicView);
    },

    async get(projectId: string, conversationId: string, callId: string): Promise<Stored> {
      const call = await calls.get(projectId, callId);
      if (!call || call.conversation_id !== conversationId) throw notFound('tool call');
      return call;
    },

    pending,

    /** A call that needs no approval: logged and run at once. */
    async runNow(conversation: ConversationRecord, tool: AgentTool, args: Record<string, unknown>, origin: ToolCall['origin'], signal?: AbortSignal) {
      return execute(await put(draft(conversation, tool, args, origin)), signal);
    },

    /** A call that needs approval: stored as pending with what resumes the reply once answered. */
    async pause(conversation: ConversationRecord, tool: AgentTool, args: Record<string, unknown>, origin: ToolCall['origin'], resume?: unknown): Promise<ToolCall> {
      const call = await put({ ...draft(conversation, tool, args, origin), approval: 'pending', ...(resume === undefined ? {} : { resume }) });
      return publicView(call);
    },

    /** Approve or deny; a call already answered (or expired) is a 409. The reply resumes afterwards. */
    async answer(projectId: string, conversationId: string, callId: string, approve: boolean, by: Answerer): Promise<ToolCall> {
      const call = await calls.get(projectId, callId);
      if (!call || call.conversation_id !== conversationId) throw notFound('tool call');
      let changed = false;
      const updated = await calls.update(projectId, callId, (c) => {
        if (c.approval !== 'pending') return undefined;
        changed = true;
        const t = now();
        return { ...c, approval: approve ? 'approved' : 'denied', status: approve ? 'pending' : 'not_run', answered_by: by, answered_at: t, updated_at: t };
      });
      if (!changed || !updated) throw new AppError('tool_call_answered', `This tool call is already ${call.approval === 'pending' ? 'answered' : call.approval}`, { approval: call.approval });
      publish(updated);
      // The reply continues in the agent's queue for this conversation (agent/runtime.ts resume).
      void ctx.services.agent.reply({ projectId, conversationId, resume: { callId } }).catch(() => {});
      return publicView(updated);
    },

    /**
     * The visitor moved on (wrote again), or their session was revoked (`why` says so: widget/revocation.ts):
     * calls still waiting will not be answered any more.
     */
    async expirePending(projectId: string, conversationId: string, why: string | null = null): Promise<void> {
      for (const c of await pending(projectId, conversationId)) {
        const updated = await calls.update(projectId, c.id, (x) =>
          x.approval === 'pending' ? { ...x, approval: 'expired', status: 'not_run', resume: undefined, ...(why ? { error: why } : {}), updated_at: now() } : undefined,
        );
        if (updated) publish(updated);
      }
    },

    /** Drops the paused reply's state once it resumed (the log keeps only what the API shows). */
    async clearResume(call: Stored): Promise<void> {
      await calls.update(call.project_id, call.id, (c) => (c.resume === undefined ? undefined : { ...c, resume: undefined }));
    },
  };
}

export type ToolCallService = ReturnType<typeof createToolCallService>;
