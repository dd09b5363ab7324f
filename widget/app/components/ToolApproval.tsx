// An external tool call waiting for the visitor's answer (spec 2.9 "External tool servers"): says
// in plain words what will happen, with which values, and nothing runs unless the visitor allows it.
// The card comes back after a reload (the welcome carries pending calls).
import type { VisitorToolCall } from '../../../shared/schemas/mcp-servers.js';
import { strings } from '../strings.js';

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function ToolApproval(props: { call: VisitorToolCall; onAnswer(approve: boolean): void }) {
  const { call } = props;
  const values = Object.entries(call.arguments);
  const titleId = `tool-${call.id}`;
  return (
    // The list item stays a list item (axe: a <ul> holds only <li>s); the group inside is the card.
    <li class="tool-approval" data-call={call.id}>
      <div role="group" aria-labelledby={titleId}>
        <strong id={titleId}>{strings.toolApprovalTitle}</strong>
        <p>{strings.toolApprovalExplain(call.tool_title)}</p>
        {values.length ? (
          <dl>
            {values.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{shown(v)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>{strings.toolNoValues}</p>
        )}
        <div class="row">
          <button type="button" class="btn tool-approve" onClick={() => props.onAnswer(true)}>
            {strings.toolApprove}
          </button>
          <button type="button" class="btn btn-secondary tool-deny" onClick={() => props.onAnswer(false)}>
            {strings.toolDeny}
          </button>
        </div>
      </div>
    </li>
  );
}
