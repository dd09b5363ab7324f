// Organization settings (docs/api.md "Organization settings"): default language and time zone,
// business hours with the message told outside them (BusinessHoursEditor), the
// retention period with a dry run of what the next daily run deletes, and the erasure of one user on
// request with its audit log (ids and counts, no personal data). Admins and owners change them.
import { useEffect, useState } from 'preact/hooks';
import '../styles/email.css';
import type { ErasureRecord } from '../../shared/schemas/org-settings.js';
import type { BusinessHours } from '../../shared/schemas/business-hours.js';
import { BusinessHoursEditor, fromApiHours, toApiHours } from '../components/BusinessHoursEditor.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { plural } from '../models/plural.js';
import { eraseUser, loadErasures, loadOrganization, loadRetention, saveSettings, type RetentionPreview } from '../models/org-settings.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { Loading } from '../components/Loading.js';
import { useErrorLine } from '../components/use-error-line.js';

export default function OrganizationPage({ project }: { project: string }) {
  const [loaded, setLoaded] = useState(false);
  const [language, setLanguage] = useState('en');
  const [timezone, setTimezone] = useState('UTC');
  const [days, setDays] = useState('');
  const [hours, setHours] = useState<BusinessHours | null>(null);
  const [preview, setPreview] = useState<RetentionPreview | null>(null);
  const [erasures, setErasures] = useState<ErasureRecord[]>([]);
  const [userId, setUserId] = useState('');
  const [notice, setNotice] = useState('');
  const { error, showError, guard } = useErrorLine();

  const load = async () => {
    const [org, due, log] = await Promise.all([loadOrganization(), loadRetention(), loadErasures()]);
    setLanguage(org.settings?.default_language ?? 'en');
    setTimezone(org.settings?.timezone ?? 'UTC');
    setDays(org.settings?.retention_days ? String(org.settings.retention_days) : '');
    setHours(org.settings?.business_hours ? fromApiHours(org.settings.business_hours) : null);
    setPreview(due);
    setErasures(log);
    setLoaded(true);
  };
  useEffect(() => {
    pageTitle.value = `Organization · ${BASE_TITLE}`;
    load().catch(showError);
  }, []);

  const save = (e: Event) => {
    e.preventDefault();
    void guard(async () => {
      await saveSettings({ default_language: language.trim(), timezone: timezone.trim(), retention_days: days.trim() ? Number(days) : null, business_hours: hours ? toApiHours(hours) : null });
      setPreview(await loadRetention());
      setNotice('Settings saved.');
    });
  };
  const erase = (e: Event) => {
    e.preventDefault();
    const id = userId.trim();
    if (!id || !window.confirm('Erase this user for good: their conversations, messages, files and identifiers?')) return;
    void guard(async () => {
      const r = await eraseUser(project, id);
      setNotice(`User erased: ${plural(r.conversations_deleted, 'conversation')} and ${plural(r.messages_deleted, 'message')} deleted.`);
      setUserId('');
      setErasures(await loadErasures());
    });
  };

  return (
    <div class="setup">
      <h1>Organization</h1>
      <ErrorAlert text={error} />
      <p role="status">{notice}</p>
      {!loaded && !error && <Loading />}
      {loaded && (
        <>
          <section class="card" aria-labelledby="org-settings-title">
            <h2 id="org-settings-title">Settings</h2>
            <form onSubmit={save}>
              <div class="field">
                <label for="org-language">Default language (for visitors whose language Parley has no texts for)</label>
                <input id="org-language" required maxLength={35} value={language} onInput={(e) => setLanguage(e.currentTarget.value)} />
              </div>
              <div class="field">
                <label for="org-timezone">Time zone (analytics days, business hours, export dates, the retention run's day)</label>
                <input id="org-timezone" required maxLength={64} value={timezone} onInput={(e) => setTimezone(e.currentTarget.value)} />
              </div>
              <div class="field">
                <label for="org-retention">Delete conversations and files after (days; empty keeps them)</label>
                <input id="org-retention" type="number" min={1} max={3650} value={days} onInput={(e) => setDays(e.currentTarget.value)} />
              </div>
              <h3>Business hours</h3>
              <BusinessHoursEditor value={hours} onChange={setHours} />
              <button type="submit" class="btn btn-primary">
                Save settings
              </button>
            </form>
            <p data-testid="retention-preview">
              {preview?.retention_days
                ? `The next daily run deletes ${plural(preview.due_conversations, 'conversation')} (last activity before ${new Date(preview.cutoff!).toLocaleDateString()}).`
                : 'Conversations are kept until deleted.'}
            </p>
          </section>
          <section class="card" aria-labelledby="erase-title">
            <h2 id="erase-title">Erase a user on request</h2>
            <p>Deletes the user of this project's user pool with all their conversations, messages, files and identifiers. The audit log below keeps only ids and counts.</p>
            <form class="inline-form" onSubmit={erase}>
              <div class="field">
                <label for="erase-user">User id</label>
                <input id="erase-user" required value={userId} onInput={(e) => setUserId(e.currentTarget.value)} />
              </div>
              <button type="submit" class="btn">
                Erase user
              </button>
            </form>
            <h3>Audit log</h3>
            {erasures.length ? (
              <ul data-testid="erasure-log">
                {erasures.map((r) => (
                  <li key={r.id}>
                    {new Date(r.at).toLocaleString()}: user {r.user_id} erased ({plural(r.conversations_deleted, 'conversation')}, {plural(r.messages_deleted, 'message')})
                  </li>
                ))}
              </ul>
            ) : (
              <p>No erasures yet.</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
