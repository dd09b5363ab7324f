// One build in the Deployments page's list: version, note, who and when, what it holds, the aliases
// pointing at it and where it was restored from; Restore asks the page for confirmation.
import type { DeploymentSummary } from '../models/deployments.js';
import { now } from '../models/clock.js';
import { plural } from '../models/plural.js';
import { ago, fullTime } from './format.js';


export function BuildRow({ build, onRestore }: { build: DeploymentSummary; onRestore(b: DeploymentSummary): void }) {
  const by = build.created_by.type === 'api_key' ? `API key ${build.created_by.name}` : build.created_by.name;
  return (
    <li class="build-row" data-version={build.version}>
      <div class="build-head">
        <strong class="build-version">v{build.version}</strong>
        <span class="build-note">{build.note || <span class="muted">No note</span>}</span>
        {build.aliases.length > 0 && (
          <ul class="chips" aria-label={`Aliases on v${build.version}`}>
            {build.aliases.map((a) => (
              <li class="chip" key={a}>
                {a}
              </li>
            ))}
          </ul>
        )}
        <button type="button" class="btn" onClick={() => onRestore(build)}>
          Restore v{build.version}
        </button>
      </div>
      <p class="muted build-meta">
        by {by}, <time dateTime={build.created_at} title={fullTime(build.created_at)}>{ago(build.created_at, now.value)}</time> ·{' '}
        {plural(build.rule_count, 'rule')} · {plural(build.source_count, 'source')} · {plural(build.chunk_count, 'chunk')}
        {build.restored_from !== null && ` · restored from v${build.restored_from}`}
      </p>
    </li>
  );
}
