// One external tool server on the Actions page (spec 2.9): where it is (URL or command), whether it
// answered when its tools were last listed (status, last error, when), a switch that enables it on
// the chosen profile, Refresh tools, Delete, and its tools with the team's choices.
import type { ComponentChildren } from 'preact';
import type { McpServer } from '../models/mcp-servers.js';
import { fullTime } from './format.js';

type Props = {
  server: McpServer;
  profileName: string;
  enabled: boolean;
  refreshing: boolean;
  onEnabled(on: boolean): void;
  onRefresh(): void;
  onDelete(): void;
  children: ComponentChildren;
};

export function McpServerCard({ server: s, profileName, enabled, refreshing, onEnabled, onRefresh, onDelete, children }: Props) {
  const where = s.transport === 'streamable_http' ? s.url : [s.command, ...s.args].join(' ');
  const secrets = s.transport === 'streamable_http' ? s.header_names : s.env_names;
  return (
    <li class="mcp-server" aria-labelledby={`mcp-${s.id}-title`}>
      <div class="section-head">
        <h3 id={`mcp-${s.id}-title`}>{s.name}</h3>
        <div class="row-actions">
          <label class="check">
            <input type="checkbox" role="switch" aria-label={`${s.name} on ${profileName}`} checked={enabled} onChange={(e) => onEnabled((e.target as HTMLInputElement).checked)} />
            On {profileName}
          </label>
          <button type="button" class="btn" disabled={refreshing} aria-label={`Refresh tools of ${s.name}`} onClick={onRefresh}>
            {refreshing ? 'Refreshing…' : 'Refresh tools'}
          </button>
          <button type="button" class="btn btn-danger" aria-label={`Delete ${s.name}`} onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
      <p class="mcp-where">
        <code>{where}</code>
        {secrets.length > 0 && <span class="muted"> · {s.transport === 'streamable_http' ? 'headers' : 'environment'}: {secrets.join(', ')}</span>}
        {s.trusted && <span class="muted"> · trusted</span>}
      </p>
      <p class="mcp-status">
        <span class={`status ${s.status === 'ok' ? 'status-resolved' : 'status-escalated'}`}>{s.status === 'ok' ? 'Connected' : 'Error'}</span>{' '}
        <span class="muted">{s.tools_refreshed_at ? `tools listed ${fullTime(s.tools_refreshed_at)}` : 'tools not listed yet'}</span>
      </p>
      {s.last_error && (
        <p class="error mcp-error">
          Last error: {s.last_error}
        </p>
      )}
      {children}
    </li>
  );
}
