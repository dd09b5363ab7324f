// The tools one external tool server listed, with the team's choices (spec 2.9: "the operator chooses
// which tools to expose and whether actions need approval"): a switch that exposes a tool to the
// agent, and when a call needs the visitor's or an operator's answer first. "Default" leaves it to
// the server's rule (ask, or run a read-only tool of a trusted server), shown as what applies now.
import { APPROVAL_TEXT, type ApprovalSetting, type McpServer, type McpTool } from '../models/mcp-servers.js';

type Props = { server: McpServer; onExposed(tool: McpTool, on: boolean): void; onApproval(tool: McpTool, approval: ApprovalSetting | null): void };

function hints(t: McpTool): string {
  const a = t.annotations;
  return [a.readOnlyHint && 'read-only', a.destructiveHint && 'destructive'].filter(Boolean).join(', ');
}

export function McpToolList({ server, onExposed, onApproval }: Props) {
  if (!server.tools.length) return <p class="muted">No tools listed{server.status === 'error' ? ' (the server could not be reached)' : ''}.</p>;
  return (
    <ul class="mcp-tools">
      {server.tools.map((t) => {
        const id = `mcp-${server.id}-${t.name}`.replace(/[^A-Za-z0-9_-]/g, '_');
        const marks = hints(t);
        return (
          <li key={t.name} class="mcp-tool">
            <div class="action-main">
              <strong>{t.title ?? t.name}</strong> <code>{t.agent_name}</code>
              {marks && <span class="muted"> · {marks}</span>}
              {t.description && <p class="muted tool-description">{t.description}</p>}
            </div>
            <div class="row-actions">
              <label class="check">
                <input type="checkbox" role="switch" aria-label={`Expose ${t.name}`} checked={t.exposed} onChange={(e) => onExposed(t, (e.target as HTMLInputElement).checked)} />
                Exposed
              </label>
              <label class="field approval-pick" for={`${id}-approval`}>
                <span>Approval for {t.name}</span>
                <select
                  id={`${id}-approval`}
                  value={t.approval ?? ''}
                  onChange={(e) => {
                    const v = (e.target as HTMLSelectElement).value;
                    onApproval(t, v === '' ? null : (v as ApprovalSetting));
                  }}
                >
                  <option value="">{t.approval === null ? `Default: ${APPROVAL_TEXT[t.effective_approval].toLowerCase()}` : 'Default'}</option>
                  <option value="always">{APPROVAL_TEXT.always}</option>
                  <option value="never">{APPROVAL_TEXT.never}</option>
                </select>
              </label>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
