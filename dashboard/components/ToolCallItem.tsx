// One external tool call in a conversation's log (shared/schemas/mcp-servers.ts ToolCall): the tool,
// the plain-language summary a person approves, its arguments, what it returned (the first characters; the rest stays in the external system) or
// its error, how long it took, and the approval — waiting, or who answered and how. A call waiting
// for an answer has Approve and Deny for the operator.
import type { ToolCall } from '../models/tool-calls.js';
import { fullTime } from './format.js';

const APPROVAL_TEXT: Record<ToolCall['approval'], string> = {
  not_required: 'No approval needed',
  pending: 'Waiting for approval',
  approved: 'Approved',
  denied: 'Denied',
  expired: 'Expired without an answer',
};
const STATUS_TEXT: Record<ToolCall['status'], string> = { pending: 'Not run yet', ok: 'Ran', error: 'Failed', not_run: 'Not run' };

function answered(c: ToolCall): string {
  const who = c.answered_by;
  if (!who) return APPROVAL_TEXT[c.approval];
  const by = who.kind === 'visitor' ? 'the visitor' : (who.name ?? 'an operator');
  return `${APPROVAL_TEXT[c.approval]} by ${by}`;
}

type Props = { call: ToolCall; busy: boolean; onAnswer(approve: boolean): void };

export function ToolCallItem({ call: c, busy, onAnswer }: Props) {
  const pending = c.approval === 'pending';
  return (
    <li class={`tool-call${pending ? ' tool-call-pending' : ''}`} aria-labelledby={`call-${c.id}-title`}>
      <p class="tool-call-head">
        <strong id={`call-${c.id}-title`}>{c.tool_title}</strong> <code>{c.tool}</code>
        {c.origin === 'procedure' && <span class="muted"> · from a procedure</span>}
      </p>
      <p class="muted">{c.summary}</p>
      <pre class="tool-call-args">{JSON.stringify(c.arguments, null, 2)}</pre>
      <p class="tool-call-state">
        <span class={`status ${pending ? 'status-escalated' : c.approval === 'denied' || c.approval === 'expired' ? '' : 'status-resolved'}`}>{answered(c)}</span>
        {c.answered_at && <span class="muted"> {fullTime(c.answered_at)}</span>}
      </p>
      {pending ? (
        <div class="tool-call-actions">
          <button type="button" class="btn btn-primary" disabled={busy} aria-describedby={busy ? `call-${c.id}-busy` : undefined} aria-label={`Approve ${c.tool_title}`} onClick={() => onAnswer(true)}>
            Approve
          </button>
          <button type="button" class="btn btn-danger" disabled={busy} aria-describedby={busy ? `call-${c.id}-busy` : undefined} aria-label={`Deny ${c.tool_title}`} onClick={() => onAnswer(false)}>
            Deny
          </button>
          {busy && (
            <span id={`call-${c.id}-busy`} class="muted disabled-reason">
              Sending the answer…
            </span>
          )}
        </div>
      ) : (
        <p class="tool-call-result">
          {STATUS_TEXT[c.status]}
          {c.duration_ms !== null && <span class="muted"> in {c.duration_ms} ms</span>}
          {c.result_summary && (
            <>
              : <span class="tool-call-summary">{c.result_summary}</span>
            </>
          )}
          {c.error && <span class="error">: {c.error}</span>}
        </p>
      )}
    </li>
  );
}
