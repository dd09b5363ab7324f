// A provider's sync as it runs (spec 2.11): one progress bar (pages processed of pages found) with
// the counts behind it and every failed page with its reason. "Indexed" counts the pages now in the
// knowledge base: added, updated or unchanged sources (the job's progress fields, docs/api.md).
import type { SyncJob } from '../models/knowledge-api.js';

const STATUS: Record<SyncJob['status'], string> = { running: 'Syncing…', succeeded: 'Sync done', failed: 'Sync failed', cancelled: 'Sync stopped' };

export function SyncProgress({ job }: { job: SyncJob }) {
  const p = job.progress;
  const indexed = p.sources_added + p.sources_updated + p.sources_unchanged;
  const processed = p.pages_fetched + p.pages_failed;
  const running = job.status === 'running';
  const max = Math.max(p.pages_found, processed, 1);
  const value = running ? processed : max;
  const text = running ? `${processed} of ${p.pages_found} pages processed` : `${STATUS[job.status]}: ${indexed} pages indexed, ${p.pages_failed} failed`;
  return (
    <div class="sync" data-status={job.status}>
      <progress aria-label="Sync progress" max={max} value={running && p.pages_found === 0 ? undefined : value} aria-valuetext={text} />
      <p role="status" class={`sync-status sync-${job.status}`}>
        <strong>{STATUS[job.status]}</strong> {job.error && <span class="error">{job.error}</span>}
      </p>
      <dl class="sync-counts">
        <div>
          <dt>Found</dt>
          <dd data-testid="pages-found">{p.pages_found}</dd>
        </div>
        <div>
          <dt>Fetched</dt>
          <dd data-testid="pages-fetched">{p.pages_fetched}</dd>
        </div>
        <div>
          <dt>Indexed</dt>
          <dd data-testid="pages-indexed">{indexed}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd data-testid="pages-failed">{p.pages_failed}</dd>
        </div>
        <div>
          <dt>Removed</dt>
          <dd>{p.sources_removed}</dd>
        </div>
      </dl>
      {job.failures.length > 0 && (
        <details class="sync-failures">
          <summary>{job.failures.length === 1 ? '1 page failed' : `${job.failures.length} pages failed`}</summary>
          <ul>
            {job.failures.map((f) => (
              <li key={f.url}>
                <code>{f.url}</code>: {f.error}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
