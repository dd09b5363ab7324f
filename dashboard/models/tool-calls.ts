// The external tool calls of the open conversation (spec 2.9; docs/behaviour.md "External tool
// servers (MCP)"): the log from GET …/tool-calls, kept live by the team feed's `tool_call.updated`,
// and an operator's answer to a call waiting for approval. Approving runs the call and the AI's reply
// continues with its result; a call already answered (by the visitor, or another operator) is a 409.
import { signal } from '@preact/signals';
import type { ToolCall } from '../../shared/schemas/mcp-servers.js';
import { api } from './api.js';
import { endpoints } from './endpoints.js';
import { onFeed, type FeedEvent } from './feed.js';

export type { ToolCall };

export const toolCalls = signal<ToolCall[]>([]);
export const toolCallsError = signal('');

let projectId = '';
let conversationId = '';
let unsubscribe: (() => void) | null = null;
/** Updates that arrived while the list was loading: the list may predate them. */
let arrivedWhileLoading: ToolCall[] | null = null;

const path = (callId?: string) => `${endpoints.conversation(projectId, conversationId)}/tool-calls${callId ? `/${encodeURIComponent(callId)}` : ''}`;

/** Oldest first, as the API lists them; an update replaces the call with its id unless what is shown is newer. */
function merge(call: ToolCall) {
  const list = toolCalls.peek();
  const shown = list.find((c) => c.id === call.id);
  if (shown && shown.updated_at > call.updated_at) return;
  toolCalls.value = shown ? list.map((c) => (c.id === call.id ? call : c)) : [...list, call].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

function onEvent(event: FeedEvent) {
  if (!conversationId) return;
  if (event.type === 'resync') return void loadToolCalls(projectId, conversationId);
  if (event.type === 'tool_call.updated' && event.conversation_id === conversationId) {
    merge(event.tool_call);
    arrivedWhileLoading?.push(event.tool_call);
  }
}

export async function loadToolCalls(pid: string, cid: string): Promise<void> {
  unsubscribe ??= onFeed(onEvent);
  if (cid !== conversationId) toolCalls.value = [];
  projectId = pid;
  conversationId = cid;
  toolCallsError.value = '';
  const arrived: ToolCall[] = [];
  arrivedWhileLoading = arrived;
  try {
    const { data } = await api<{ data: ToolCall[] }>('GET', path());
    if (conversationId !== cid) return;
    // The list was read when the request reached the server: a call the feed brought meanwhile (a
    // reply that paused at it, an answer) is kept, not overwritten by the older list.
    toolCalls.value = data;
    for (const call of arrived) merge(call);
  } catch (err) {
    if (conversationId === cid) toolCallsError.value = err instanceof Error ? err.message : String(err);
  } finally {
    if (arrivedWhileLoading === arrived) arrivedWhileLoading = null;
  }
}

export function closeToolCalls() {
  conversationId = '';
  toolCalls.value = [];
}

/** The operator's answer to a pending call; resolves to the call as it is now. */
export async function answerToolCall(callId: string, approve: boolean): Promise<ToolCall> {
  const call = await api<ToolCall>('POST', `${path(callId)}/${approve ? 'approve' : 'deny'}`);
  merge(call);
  return call;
}
