// The conversation's external tool calls beside the thread (spec 2.9; docs/behaviour.md "External
// tool servers (MCP)"), oldest first and live from the team feed, with Approve / Deny for a call
// waiting for an answer. Shown only when the conversation has calls: most never do.
import { useEffect, useState } from 'preact/hooks';
import { answerToolCall, closeToolCalls, loadToolCalls, toolCalls, toolCallsError } from '../models/tool-calls.js';
import { ApiError, errorText } from '../models/api.js';
import { ErrorAlert } from './ErrorAlert.js';
import { ToolCallItem } from './ToolCallItem.js';

export function ToolCallLog({ project, conversation }: { project: string; conversation: string }) {
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  useEffect(() => {
    void loadToolCalls(project, conversation);
    return () => closeToolCalls();
  }, [project, conversation]);

  async function answer(id: string, approve: boolean) {
    setBusy(id);
    setError('');
    setNote('');
    try {
      const call = await answerToolCall(id, approve);
      setNote(`${approve ? 'Approved' : 'Denied'}: ${call.tool_title}.`);
    } catch (err) {
      setError(errorText(err));
      // Someone answered first (the visitor, another operator) or it expired: show what holds now.
      if (err instanceof ApiError && err.code === 'tool_call_answered') void loadToolCalls(project, conversation);
    } finally {
      setBusy('');
    }
  }

  const calls = toolCalls.value;
  if (!calls.length && !toolCallsError.value) return null;
  return (
    <section class="panel tool-calls" aria-labelledby="tool-calls-title">
      <h2 id="tool-calls-title">Tool calls</h2>
      <ErrorAlert text={toolCallsError.value || error} />
      <p role="status" class="muted">{note}</p>
      <ol class="tool-call-list">
        {calls.map((c) => (
          <ToolCallItem key={c.id} call={c} busy={busy === c.id} onAnswer={(approve) => void answer(c.id, approve)} />
        ))}
      </ol>
    </section>
  );
}
