// Add an external tool server (spec 2.9; docs/behaviour.md "External tool servers (MCP)"): a name,
// then either a Streamable HTTP endpoint with the headers it needs (an Authorization token…) or,
// when the server allows it (MCP_STDIO_ENABLED), a program started on the server with its arguments
// and environment. Header and environment values are write-only. Saving lists the server's tools at
// once; a server that cannot be reached is still added, with `status: error` and its `last_error`.
import { useState } from 'preact/hooks';
import { createMcpServer, lines, mcpErrorField, TRANSPORT_TEXT, type McpField, type McpServer, type McpTransport } from '../models/mcp-servers.js';
import { ApiError, errorText } from '../models/api.js';
import { ErrorAlert } from './ErrorAlert.js';
import { FormField, fieldErrorProps } from './FormField.js';
import { SecretFields, typedPairs, type SecretRow } from './SecretFields.js';

type Props = { project: string; onAdded(server: McpServer | null, note: string): void; onClose(): void };

export function McpServerForm({ project, onAdded, onClose }: Props) {
  const [name, setName] = useState('');
  const [transport, setTransport] = useState<McpTransport>('streamable_http');
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState<SecretRow[]>([]);
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [env, setEnv] = useState<SecretRow[]>([]);
  const [trusted, setTrusted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: McpField; text: string } | null>(null);
  const [error, setError] = useState('');
  const errorOf = (f: McpField) => (fieldError?.field === f ? fieldError.text : '');
  const ids = (f: McpField) => `mcp-${f}`;

  async function save(e: Event) {
    e.preventDefault();
    setError('');
    setFieldError(null);
    setBusy(true);
    const http = transport === 'streamable_http';
    const body = http
      ? { name: name.trim(), transport, url: url.trim(), headers: typedPairs(headers), trusted }
      : { name: name.trim(), transport, command: command.trim(), args: lines(args), env: typedPairs(env), trusted };
    try {
      const server = await createMcpServer(project, body);
      onAdded(server, server.status === 'ok' ? `Added ${server.name} with ${server.tools.length} tools.` : `Added ${server.name}, but it could not be reached: ${server.last_error ?? 'no details'}`);
    } catch (err) {
      // Unreachable: the row exists with its error; the list shows it.
      if (err instanceof ApiError && err.code === 'mcp_unavailable') return onAdded(null, `Added ${name.trim()}, but it could not be reached: ${err.message}`);
      const field = mcpErrorField(err);
      if (field) setFieldError({ field, text: errorText(err) });
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card mcp-form" aria-labelledby="mcp-form-title" onSubmit={(e) => void save(e)}>
      <h3 id="mcp-form-title">Add a tool server</h3>
      <div class="unitool-cols">
        <FormField id={ids('name')} label="Name" error={errorOf('name')}>
          <input id={ids('name')} required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} {...fieldErrorProps(ids('name'), errorOf('name'))} />
        </FormField>
        <FormField id={ids('transport')} label="Connection" error={errorOf('transport')}>
          <select id={ids('transport')} value={transport} onChange={(e) => setTransport((e.target as HTMLSelectElement).value as McpTransport)} {...fieldErrorProps(ids('transport'), errorOf('transport'))}>
            {(Object.keys(TRANSPORT_TEXT) as McpTransport[]).map((t) => (
              <option key={t} value={t}>{TRANSPORT_TEXT[t]}</option>
            ))}
          </select>
        </FormField>
      </div>
      {transport === 'streamable_http' ? (
        <>
          <FormField id={ids('url')} label="URL of the MCP endpoint" error={errorOf('url')}>
            <input id={ids('url')} type="url" required placeholder="https://tools.example.com/mcp" value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} {...fieldErrorProps(ids('url'), errorOf('url'))} />
          </FormField>
          <SecretFields idPrefix="mcp-header" legend="Headers" hint="Sent with every request, e.g. Authorization. Values are stored encrypted and never shown again." nameLabel="Header name" addLabel="Add header" saved={[]} removed={[]} rows={headers} error={errorOf('headers')} onRemoved={() => undefined} onRows={setHeaders} />
        </>
      ) : (
        <>
          <p class="muted hint">Only when the server runs with MCP_STDIO_ENABLED=true: the program runs on the server itself.</p>
          <FormField id={ids('command')} label="Command" error={errorOf('command')}>
            <input id={ids('command')} required spellcheck={false} placeholder="/usr/bin/npx" value={command} onInput={(e) => setCommand((e.target as HTMLInputElement).value)} {...fieldErrorProps(ids('command'), errorOf('command'))} />
          </FormField>
          <FormField id={ids('args')} label="Arguments (one per line)" error={errorOf('args')}>
            <textarea id={ids('args')} class="code" rows={3} spellcheck={false} value={args} onInput={(e) => setArgs((e.target as HTMLTextAreaElement).value)} {...fieldErrorProps(ids('args'), errorOf('args'))} />
          </FormField>
          <SecretFields idPrefix="mcp-env" legend="Environment" hint="Variables the program sees, e.g. an API token. Values are stored encrypted and never shown again." nameLabel="Variable name" addLabel="Add variable" saved={[]} removed={[]} rows={env} error={errorOf('env')} onRemoved={() => undefined} onRows={setEnv} />
        </>
      )}
      <label class="check">
        <input type="checkbox" checked={trusted} onChange={(e) => setTrusted((e.target as HTMLInputElement).checked)} />
        Trusted: its read-only tools run without asking unless set otherwise
      </label>
      <ErrorAlert text={error} />
      <div class="form-actions">
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {busy ? 'Connecting…' : 'Save and list tools'}
        </button>
        <button type="button" class="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
