// One saved suite (docs/behaviour.md "Simulations"): its cases and what they expect, Edit and Delete,
// "Run against" the draft or a build with the run's result, and the suite's recent runs, any of
// which can be shown again.
import { useEffect, useState } from 'preact/hooks';
import { describeExpectation } from '../models/simulation-draft.js';
import { plural } from '../models/plural.js';
import { listRuns, parseTarget, runSuite, targetLabel, type Lookups, type SimulationRun, type Suite } from '../models/simulations.js';
import { now } from '../models/clock.js';
import { ErrorAlert } from './ErrorAlert.js';
import { ago, fullTime } from './format.js';
import { RunResult, Verdict } from './RunResult.js';
import { TargetSelect } from './TargetSelect.js';
import { useErrorLine } from './use-error-line.js';

/** `now` ticks every 30 s (and re-renders); Date.now() keeps a run made since the last tick from reading "in 2 seconds". */
const since = (iso: string) => ago(iso, Math.max(now.value, Date.now()));

interface Props {
  project: string;
  suite: Suite;
  lookups: Lookups;
  onEdit(s: Suite): void;
  onDelete(s: Suite): void;
  /** Told of every run shown, so the page can read names the run's traces use and it does not know yet. */
  onRun(run: SimulationRun): void;
}

export function SuiteRow({ project, suite, lookups, onEdit, onDelete, onRun }: Props) {
  const [target, setTarget] = useState('draft');
  const [runs, setRuns] = useState<SimulationRun[]>([]);
  const [shown, setShown] = useState<SimulationRun | null>(null);
  const [busy, setBusy] = useState(false);
  const { error, showError, guard } = useErrorLine();
  const show = (r: SimulationRun) => {
    setShown(r);
    onRun(r);
  };
  useEffect(() => void listRuns(project, suite.id).then(setRuns, showError), [project, suite.id]);

  async function run(e: Event) {
    e.preventDefault();
    setBusy(true);
    await guard(async () => {
      show(await runSuite(project, suite.id, parseTarget(target)));
      setRuns(await listRuns(project, suite.id));
    });
    setBusy(false);
  }

  return (
    <li class="suite-row" data-suite-id={suite.id}>
      <div class="suite-head">
        <h3>{suite.name}</h3>
        <span class="muted">{plural(suite.cases.length, 'case')}</span>
        <div class="row-actions">
          <button type="button" class="btn" aria-label={`Edit ${suite.name}`} onClick={() => onEdit(suite)}>
            Edit
          </button>
          <button type="button" class="btn btn-quiet" aria-label={`Delete ${suite.name}`} onClick={() => onDelete(suite)}>
            Delete
          </button>
        </div>
      </div>
      <ul class="suite-cases" aria-label={`Cases of ${suite.name}`}>
        {suite.cases.map((c, i) => {
          const expects = c.turns.flatMap((t) => t.expect ?? []).map(describeExpectation);
          return (
            <li key={i}>
              <strong>{c.name}</strong>: {plural(c.turns.length, 'turn')}
              {expects.length > 0 ? `; expects ${expects.join(', ')}` : '; no expectations'}
            </li>
          );
        })}
      </ul>
      <form class="row-form" onSubmit={run}>
        <TargetSelect label={`Run ${suite.name} against`} value={target} builds={lookups.builds} onChange={setTarget} />
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {busy ? 'Running…' : 'Run suite'}
        </button>
      </form>
      <ErrorAlert text={error} />
      <p role="status" class="sr-only">
        {busy ? `Running ${suite.name}…` : shown ? `${suite.name}: ${shown.passed ? 'passed' : 'failed'}.` : ''}
      </p>
      {shown && <RunResult run={shown} lookups={lookups} label={`Run of ${suite.name}`} verdict />}
      {runs.length > 0 && (
        <details class="recent-runs">
          <summary>Recent runs ({runs.length})</summary>
          <ul class="plain-list" aria-label={`Recent runs of ${suite.name}`}>
            {runs.map((r) => (
              <li key={r.id} data-run-id={r.id}>
                <Verdict passed={r.passed} />
                <span class="muted">
                  {targetLabel(r.deployment ?? r.target)}, <time dateTime={r.created_at} title={fullTime(r.created_at)}>{since(r.created_at)}</time>,{' '}
                  {plural(r.billed_messages, 'billed message')}
                </span>
                <button type="button" class="btn btn-quiet" aria-label={`Show the run of ${fullTime(r.created_at)}`} aria-pressed={shown?.id === r.id} onClick={() => show(r)}>
                  Show
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
