// The "External tool servers (MCP)" section of the Actions page (spec 2.9; docs/behaviour.md
// "External tool servers (MCP)"): servers are the project's; a switch per server enables it on the
// chosen profile (the profile's `mcp_server_ids`, a draft change like its toolboxes), and each tool's
// exposure and approval are the team's choice. Adding one lists its tools at once.
import { useEffect, useRef, useState } from 'preact/hooks';
import { deleteMcpServer, listMcpServers, refreshMcpServer, setToolSettings, type McpServer } from '../models/mcp-servers.js';
import { updateProfile, type ProfileView } from '../models/behaviour.js';
import { ApiError } from '../models/api.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { ErrorAlert } from './ErrorAlert.js';
import { Loading } from './Loading.js';
import { McpServerCard } from './McpServerCard.js';
import { McpServerForm } from './McpServerForm.js';
import { McpToolList } from './McpToolList.js';
import { useErrorLine } from './use-error-line.js';

type Props = { project: string; profile: ProfileView; onProfileSaved(p: ProfileView): void };

export function McpServersSection({ project, profile, onProfileSaved }: Props) {
  const [servers, setServers] = useState<McpServer[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [refreshing, setRefreshing] = useState('');
  const [confirming, setConfirming] = useState<McpServer | null>(null);
  const [note, setNote] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const { error, showError, guard } = useErrorLine();
  const enabled = profile.mcp_server_ids ?? [];
  // Changes are sent one after another: two quick clicks must not both start from the same server row
  // or profile (the later would undo the earlier), and answers must not arrive out of order.
  const turn = useRef<Promise<unknown>>(Promise.resolve());
  const inTurn = (fn: () => Promise<void>) => void (turn.current = turn.current.then(() => guard(fn)));
  const latest = useRef(profile);
  latest.current = profile;

  const reload = () => listMcpServers(project).then(setServers, showError);
  useEffect(() => void reload(), [project]);
  const put = (s: McpServer) => setServers((list) => list && (list.some((x) => x.id === s.id) ? list.map((x) => (x.id === s.id ? s : x)) : [...list, s]));

  const toggle = (s: McpServer, on: boolean) =>
    inTurn(async () => {
      const now = latest.current.mcp_server_ids ?? [];
      const saved = await updateProfile(project, latest.current.id, { mcp_server_ids: on ? [...now.filter((x) => x !== s.id), s.id] : now.filter((x) => x !== s.id) });
      latest.current = saved;
      onProfileSaved(saved);
    });

  async function refresh(s: McpServer) {
    setRefreshing(s.id);
    setNote('');
    await guard(async () => {
      try {
        const fresh = await refreshMcpServer(project, s.id);
        put(fresh);
        setNote(`${fresh.name}: ${fresh.tools.length} tools listed.`);
      } catch (err) {
        // Unreachable: the row now carries the error; show it there.
        if (!(err instanceof ApiError && err.code === 'mcp_unavailable')) throw err;
        await reload();
        setNote(`${s.name} could not be reached.`);
      }
    });
    setRefreshing('');
  }

  async function confirm() {
    const c = confirming;
    setConfirming(null);
    if (!c) return;
    await guard(async () => {
      await deleteMcpServer(project, c.id);
      setServers((list) => list && list.filter((x) => x.id !== c.id));
    });
    addButton.current?.focus();
  }

  return (
    <section class="card" aria-labelledby="mcp-title">
      <div class="section-head">
        <h2 id="mcp-title">External tool servers (MCP)</h2>
        <button ref={addButton} type="button" class="btn btn-primary" onClick={() => setAdding(true)}>
          Add server
        </button>
      </div>
      <p class="muted">
        Servers speaking the Model Context Protocol: their data stays with them and is read when the agent calls a tool. Only exposed tools reach the agent;
        a call that needs approval waits for the visitor or the team.
      </p>
      <ErrorAlert text={error} />
      <p role="status" class="muted">{note}</p>
      {adding && (
        <McpServerForm
          project={project}
          onAdded={(s, text) => {
            setAdding(false);
            setNote(text);
            if (s) put(s);
            else void reload();
            addButton.current?.focus();
          }}
          onClose={() => {
            setAdding(false);
            addButton.current?.focus();
          }}
        />
      )}
      {!servers ? (
        <Loading />
      ) : servers.length === 0 ? (
        <p class="muted">No tool servers yet.</p>
      ) : (
        <ul class="mcp-servers">
          {servers.map((s) => (
            <McpServerCard
              key={s.id}
              server={s}
              profileName={profile.name}
              enabled={enabled.includes(s.id)}
              refreshing={refreshing === s.id}
              onEnabled={(on) => toggle(s, on)}
              onRefresh={() => void refresh(s)}
              onDelete={() => setConfirming(s)}
            >
              <McpToolList
                server={s}
                onExposed={(t, on) => inTurn(async () => put(await setToolSettings(project, s, t.name, { exposed: on })))}
                onApproval={(t, approval) => inTurn(async () => put(await setToolSettings(project, s, t.name, { approval })))}
              />
            </McpServerCard>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!confirming}
        title={`Delete tool server ${confirming?.name ?? ''}?`}
        confirmLabel="Delete server"
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p>The agent can no longer call its tools on any profile. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
