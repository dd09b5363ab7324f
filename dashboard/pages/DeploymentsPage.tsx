// Deployments (spec 2.10; docs/behaviour.md "Deployments and aliases"): what the draft changes since
// the newest build, building the next version, the builds newest first with restore, a comparison of
// any two builds or the draft, and the aliases channels follow.
import { useEffect, useState } from 'preact/hooks';
import '../styles/channels.css';
import '../styles/deployments.css';
import { buildVersion, diffVersions, listAliases, listDeployments, restoreVersion, type AliasOut, type DeploymentDiff as Diff, type DeploymentSummary } from '../models/deployments.js';
import { listChannels } from '../models/channels.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { Loading } from '../components/Loading.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { DeploymentDiff } from '../components/DeploymentDiff.js';
import { BuildRow } from '../components/BuildRow.js';
import { CompareBuilds } from '../components/CompareBuilds.js';
import { AliasesPanel } from '../components/AliasesPanel.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';

interface State {
  builds: DeploymentSummary[];
  aliases: AliasOut[];
  channelNames: Map<string, string>;
  /** Newest build → draft; null before the first build. */
  pending: Diff | null;
}

export default function DeploymentsPage({ project }: { project: string }) {
  const [state, setState] = useState<State | null>(null);
  const [stamp, setStamp] = useState(0);
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');
  const [restoring, setRestoring] = useState<DeploymentSummary | null>(null);
  const { error, showError, guard } = useErrorLine();

  async function load() {
    const [builds, aliases, channels] = await Promise.all([listDeployments(project), listAliases(project), listChannels(project)]);
    const pending = builds[0] ? await diffVersions(project, builds[0].version, 'draft') : null;
    setState({ builds, aliases, channelNames: new Map(channels.map((c) => [c.id, c.name])), pending });
    setStamp((s) => s + 1);
  }
  const reload = () => void load().catch(showError);
  useEffect(() => {
    pageTitle.value = `Deployments · ${BASE_TITLE}`;
    reload();
  }, [project]);

  async function build(e: Event) {
    e.preventDefault();
    setStatus('');
    await guard(async () => {
      const b = await buildVersion(project, note.trim());
      setNote('');
      await load();
      setStatus(`Built v${b.version}.`);
    });
  }

  async function restore(b: DeploymentSummary) {
    setRestoring(null);
    setStatus('');
    await guard(async () => {
      const r = await restoreVersion(project, b.version);
      await load();
      setStatus(`Restored v${b.version} as v${r.version}.`);
    });
  }

  if (!state) return error ? <ErrorAlert text={error} /> : <Loading />;
  const versions = state.builds.map((b) => b.version);
  const next = (versions[0] ?? 0) + 1;
  return (
    <div class="setup deployments">
      <div class="page-head">
        <h1>Deployments</h1>
      </div>
      <p class="muted">Edits change the draft. A build freezes it as a numbered version; channels answer from the build their alias names, or from the draft when they follow none.</p>
      <ErrorAlert text={error} />
      <p role="status" class="ok">
        {status}
      </p>
      <section class="card" aria-labelledby="pending-title">
        <h2 id="pending-title">Undeployed changes</h2>
        {state.pending ? (
          <DeploymentDiff diff={state.pending} label={`Changes since v${versions[0]}`} />
        ) : (
          <p class="muted">No build yet: every channel answers from the draft.</p>
        )}
        <form class="row-form" onSubmit={build}>
          <label class="field">
            <span>Note for v{next} (optional)</span>
            <input maxLength={500} value={note} onInput={(e) => setNote((e.target as HTMLInputElement).value)} />
          </label>
          <button class="btn btn-primary" type="submit">
            Build version {next}
          </button>
        </form>
      </section>
      <section class="card" aria-labelledby="builds-title">
        <h2 id="builds-title">Builds</h2>
        {!state.builds.length && <p class="muted">Nothing built yet.</p>}
        <ul class="plain-list">
          {state.builds.map((b) => (
            <BuildRow key={b.id} build={b} onRestore={setRestoring} />
          ))}
        </ul>
      </section>
      {versions.length > 0 && <CompareBuilds project={project} versions={versions} stamp={stamp} />}
      <AliasesPanel project={project} aliases={state.aliases} versions={versions} channelNames={state.channelNames} onChanged={reload} />
      <ConfirmDialog
        open={!!restoring}
        title={`Restore v${restoring?.version ?? ''}?`}
        confirmLabel="Restore"
        onConfirm={() => restoring && void restore(restoring)}
        onCancel={() => setRestoring(null)}
      >
        <p>
          This publishes v{restoring?.version} again as v{next}. No alias moves: point one at v{next} to roll back.
        </p>
      </ConfirmDialog>
    </div>
  );
}
