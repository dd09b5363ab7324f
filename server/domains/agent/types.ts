// The agent runtime contract (docs/architecture.md section 6): one pipeline for the widget, REST generate and SSE.
import type { Message, SourceRef } from '../../../shared/schemas/entities.js';

export interface ReplyRequest {
  projectId: string;
  conversationId: string;
  /** Called with each piece of answer text as it is produced (widget deltas, SSE). */
  onDelta?: (delta: string) => void;
  signal?: AbortSignal;
  /** Continue the reply paused for this external tool call, now that it was answered (mcp/tool-calls.ts). */
  resume?: { callId: string };
}

export interface ReplyResult {
  /** The stored assistant message; null when no AI reply is due (operator active, blocked by a trigger). */
  message: Message | null;
  sources: SourceRef[];
  /** Why no reply was produced, when message is null. */
  /** `awaiting_approval`: an external tool call waits for the visitor's or an operator's answer (spec 2.9). */
  /** `files_noted`: more files right after the AI's note that it cannot read files (agent/file-note.ts). */
  skipped?: 'operator_active' | 'blocked' | 'no_user_message' | 'awaiting_approval' | 'files_noted';
}

export interface AgentRuntime {
  reply(request: ReplyRequest): Promise<ReplyResult>;
}
