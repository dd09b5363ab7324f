// A simulation run (docs/behaviour.md "Simulations"): passed or failed, the target it answered from,
// how many replies it billed as Chat Messages (spec 8.1.3), then each case's turns. A suite's cases
// fold away when they passed, so the failures are what the eye meets.
import type { SimulationRun } from '../models/simulations.js';
import { plural } from '../models/plural.js';
import { targetLabel, type Lookups } from '../models/simulations.js';
import { fullTime } from './format.js';
import { TurnResult } from './TurnResult.js';

interface Props {
  run: SimulationRun;
  lookups: Lookups;
  /** The accessible name of the result region. */
  label: string;
  /** Show passed/failed: only meaningful when the turns had expectations (a suite's). */
  verdict?: boolean;
}

export const Verdict = ({ passed }: { passed: boolean }) => (
  <span class={`status ${passed ? 'status-resolved' : 'status-failed'}`}>{passed ? 'Passed' : 'Failed'}</span>
);

function Turns({ turns, lookups }: { turns: SimulationRun['cases'][number]['turns']; lookups: Lookups }) {
  return (
    <ol class="sim-turns">
      {turns.map((t, i) => (
        <TurnResult key={i} turn={t} index={i} lookups={lookups} />
      ))}
    </ol>
  );
}

export function RunResult({ run, lookups, label, verdict }: Props) {
  const target = run.target === 'draft' ? 'Draft' : `${targetLabel(run.deployment ?? run.target)}`;
  return (
    <section class="sim-run" aria-label={label} data-run-id={run.id}>
      <p class="sim-run-head">
        {verdict && <Verdict passed={run.passed} />} <span>Against {target}</span> · <span>{plural(run.billed_messages, 'billed message')}</span> ·{' '}
        <time dateTime={run.created_at}>{fullTime(run.created_at)}</time>
      </p>
      {verdict || run.cases.length > 1 ? (
        run.cases.map((c) => (
          <details key={c.conversation_id} class="sim-case" open={!c.passed} data-case={c.name}>
            <summary>
              {c.name} <Verdict passed={c.passed} />
            </summary>
            <Turns turns={c.turns} lookups={lookups} />
          </details>
        ))
      ) : (
        <Turns turns={run.cases[0]?.turns ?? []} lookups={lookups} />
      )}
    </section>
  );
}
