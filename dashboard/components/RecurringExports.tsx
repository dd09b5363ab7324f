// The Data export page's recurring exports: what is sent where and when, the last outcome, and a
// form for a new one. Needs what any export needs (export:read and the reads of conversations and
// users); without it the page says why instead of offering the form.
import { useEffect, useId, useState } from 'preact/hooks';
import { EXPORT_ENTITIES, EXPORT_FORMATS, type ExportEntity, type ExportFormat, type ExportScheduleBody } from '../../shared/schemas/exports.js';
import { createSchedule, deleteSchedule, loadSchedules, schedules } from '../models/export-schedules.js';
import { exportRefusal, FORMAT_LABELS } from '../models/exports.js';
import { ErrorAlert } from './ErrorAlert.js';
import { ReasonButton } from './ReasonButton.js';
import { SelectField } from './SelectField.js';
import { useErrorLine } from './use-error-line.js';

const EMPTY: ExportScheduleBody = { frequency: 'daily', entity: 'conversations', format: 'csv', destination: 'email', to: '' };

export function RecurringExports({ project }: { project: string }) {
  const { error, guard, showError } = useErrorLine();
  const [draft, setDraft] = useState<ExportScheduleBody>(EMPTY);
  const toId = useId();
  const refusal = exportRefusal();
  useEffect(() => {
    if (!refusal) void loadSchedules(project).catch(showError);
  }, [project, refusal]);
  const set = (patch: Partial<ExportScheduleBody>) => setDraft({ ...draft, ...patch });
  const list = schedules.value ?? [];

  async function add(e: Event) {
    e.preventDefault();
    if ((await guard(() => createSchedule(project, draft).then(() => true))) === true) setDraft(EMPTY);
  }

  return (
    <section aria-labelledby="recurring-title" class="card">
      <h2 id="recurring-title">Recurring exports</h2>
      <p class="muted">Each run sends what is new since the previous one (users: all of them) as a link valid for 7 days, at most 10,000 rows.</p>
      <ErrorAlert text={error} />
      {list.length > 0 && (
        <ul class="export-list" aria-label="Recurring exports">
          {list.map((s) => (
            <li key={s.id} class="export-row">
              <strong>
                {s.frequency === 'daily' ? 'Daily' : 'Weekly'}: {s.entity} as {FORMAT_LABELS[s.format]}
              </strong>{' '}
              <span class="muted">to {s.to}</span>
              <p>
                Next run {new Date(s.next_run_at).toLocaleString()}.{' '}
                {s.last_status === 'sent' && `Last sent ${new Date(s.last_run_at!).toLocaleString()}.`}
                {s.last_status === 'failed' && <span class="error">Last run failed: {s.last_error}</span>}{' '}
                <button type="button" class="btn btn-quiet" onClick={() => void guard(() => deleteSchedule(project, s.id))}>
                  Delete<span class="sr-only"> the {s.frequency} export to {s.to}</span>
                </button>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form class="form-grid" onSubmit={(e) => void add(e)}>
        <SelectField label="Every" value={draft.frequency} onChange={(v) => set({ frequency: v as ExportScheduleBody['frequency'] })}>
          <option value="daily">Day</option>
          <option value="weekly">Week</option>
        </SelectField>
        <SelectField label="What" value={draft.entity} onChange={(v) => set({ entity: v as ExportEntity })}>
          {EXPORT_ENTITIES.map((e) => (
            <option key={e} value={e}>
              {e[0].toUpperCase() + e.slice(1)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Format" value={draft.format} onChange={(v) => set({ format: v as ExportFormat })}>
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Send to" value={draft.destination} onChange={(v) => set({ destination: v as ExportScheduleBody['destination'] })}>
          <option value="email">E-mail address</option>
          <option value="webhook">Webhook endpoint (signed POST)</option>
        </SelectField>
        <div class="field wide">
          <label for={toId}>{draft.destination === 'email' ? 'E-mail address' : 'URL of a webhook endpoint (Webhooks page)'}</label>
          <input id={toId} type={draft.destination === 'email' ? 'email' : 'url'} required value={draft.to} onInput={(e) => set({ to: (e.target as HTMLInputElement).value })} />
        </div>
        <div class="form-actions wide">
          <ReasonButton type="submit" class="btn" reason={refusal}>
            Add recurring export
          </ReasonButton>
        </div>
      </form>
    </section>
  );
}
