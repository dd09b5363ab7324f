// Compare any two sides, each a build or the draft, and show what differs between them
// (GET /deployments/diff). The diff reloads whenever either select changes.
import { useEffect, useState } from 'preact/hooks';
import { diffVersions, type DeploymentDiff as Diff, type DiffSide } from '../models/deployments.js';
import { DeploymentDiff } from './DeploymentDiff.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { VersionOptions } from './VersionOptions.js';

const parse = (v: string): DiffSide => (v === 'draft' ? 'draft' : Number(v));
const label = (s: DiffSide) => (s === 'draft' ? 'Draft' : `v${s}`);

export function CompareBuilds({ project, versions, stamp }: { project: string; versions: number[]; /** Changes when builds or the draft may have changed. */ stamp: number }) {
  // Versions come newest first: by default the build before the newest against the newest, or the
  // only build against the draft.
  const [from, setFrom] = useState<DiffSide>(versions.length > 1 ? versions[1]! : (versions[0] ?? 'draft'));
  const [to, setTo] = useState<DiffSide>(versions.length > 1 ? versions[0]! : 'draft');
  const [diff, setDiff] = useState<Diff | null>(null);
  const { error, guard } = useErrorLine();
  useEffect(() => {
    let live = true;
    void guard(() => diffVersions(project, from, to)).then((d) => live && setDiff(d ?? null));
    return () => {
      live = false;
    };
  }, [project, from, to, stamp]);

  const side = (title: string, value: DiffSide, set: (s: DiffSide) => void) => (
    <label class="field narrow">
      <span>{title}</span>
      <select value={String(value)} onChange={(e) => set(parse((e.target as HTMLSelectElement).value))}>
        <option value="draft">Draft</option>
        <VersionOptions versions={versions} />
      </select>
    </label>
  );

  return (
    <section class="card" aria-labelledby="compare-title">
      <h2 id="compare-title">Compare</h2>
      <div class="row-form">
        {side('From', from, setFrom)}
        {side('To', to, setTo)}
      </div>
      <ErrorAlert text={error} />
      {diff && <DeploymentDiff diff={diff} label={`Changes from ${label(from)} to ${label(to)}`} />}
    </section>
  );
}
