// Data export (spec 4.1, docs/api.md "Exports"): the project's full dataset as JSONL, built in the
// background (progress shown while it runs), at most 2 a day, downloadable for 7 days and e-mailed
// to whoever asked when the server sends e-mail; the users list as a file; recurring exports. The full export
// holds personal data: only roles with full_export:read may ask for it (spec 5), the others read why.
import { useEffect, useState } from 'preact/hooks';
import '../styles/panels.css';
import { FULL_EXPORT_LINK_DAYS, FULL_EXPORTS_PER_DAY, type ExportFormat, type FullExport } from '../../shared/schemas/exports.js';
import { fullExports, loadFullExports, requestFullExport, stopWatching } from '../models/data-export.js';
import { exportRefusal } from '../models/exports.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { ReasonButton } from '../components/ReasonButton.js';
import { FormatSelect } from '../components/FormatSelect.js';
import { RecurringExports } from '../components/RecurringExports.js';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const size = (bytes: number | null) => (bytes === null ? '' : bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

function ExportRow({ job }: { job: FullExport }) {
  const { done, total } = job.progress;
  return (
    <li class="export-row">
      <strong>{when(job.created_at)}</strong> <span class="muted">by {job.requested_by ?? 'unknown'}</span>
      {(job.status === 'queued' || job.status === 'running') && (
        <p>
          <label>
            {job.status === 'queued' ? 'Waiting to start' : `Building: ${done} of ${total ?? '…'} users`}{' '}
            <progress max={total ?? 1} value={total ? done : undefined} />
          </label>
        </p>
      )}
      {job.status === 'ready' && job.download_url && (
        <p>
          <a class="btn" href={job.download_url} download>
            Download JSONL
          </a>{' '}
          <span class="muted">
            {size(job.bytes)}; link valid until {when(job.expires_at)}
            {job.emailed ? '; e-mailed to the requester' : ''}
          </span>
        </p>
      )}
      {job.status === 'expired' && <p class="muted">The link expired after {FULL_EXPORT_LINK_DAYS} days.</p>}
      {job.status === 'failed' && <p class="error">{job.error}</p>}
    </li>
  );
}

export default function DataExportPage({ project }: { project: string }) {
  const { error, guard, showError } = useErrorLine();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const fullRefusal = exportRefusal('full_export:read');
  useEffect(() => {
    pageTitle.value = `Data export · ${BASE_TITLE}`;
    if (!fullRefusal) void loadFullExports(project).catch(showError);
    return stopWatching;
  }, [project, fullRefusal]);
  const list = fullExports.value;
  const limit = list?.limit;
  const limitReason =
    limit && limit.remaining === 0 ? `${FULL_EXPORTS_PER_DAY} full exports a day: the next one from ${when(limit.next_available_at)}.` : null;

  return (
    <div class="data-export">
      <div class="page-head">
        <h1>Data export</h1>
      </div>
      <ErrorAlert text={error} />
      <section aria-labelledby="full-title" class="card">
        <h2 id="full-title">Full export</h2>
        <p class="muted">
          Every user of this project with their conversations and messages, one JSON line per user. It holds personal data. Built in the background; the link works for{' '}
          {FULL_EXPORT_LINK_DAYS} days without signing in, so keep it to yourself. At most {FULL_EXPORTS_PER_DAY} a day.
        </p>
        {list && (
          <p>
            {list.limit.remaining} of {list.limit.per_day} left today.{' '}
            {list.mail_configured ? 'The link is also e-mailed to you when it is ready.' : 'This server sends no e-mail: download the file from this page.'}
          </p>
        )}
        <ReasonButton type="button" class="btn btn-primary" reason={fullRefusal ?? limitReason} onClick={() => void guard(() => requestFullExport(project))}>
          Request full export
        </ReasonButton>
        {list && list.data.length > 0 && (
          <ul class="export-list" aria-label="Full exports">
            {list.data.map((job) => (
              <ExportRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="users-title" class="card">
        <h2 id="users-title">Users</h2>
        <p class="muted">The project's users as a file, newest first, at most 10,000. Conversations and messages export from the inbox with its filters.</p>
        <div class="inline-form">
          <FormatSelect value={format} onChange={setFormat} />
          {exportRefusal() ? (
            <ReasonButton type="button" class="btn" reason={exportRefusal()}>
              Export users
            </ReasonButton>
          ) : (
            <a class="btn" href={`/v1/projects/${encodeURIComponent(project)}/exports/users?format=${format}`} download>
              Export users
            </a>
          )}
        </div>
      </section>
      <RecurringExports project={project} />
    </div>
  );
}
