// A profile's settings (docs/behaviour.md "Profiles"): model settings, where an empty field leaves the
// server's setting (null); the built-in actions it enables; its timezone for audience time
// conditions. Saved together with one PATCH, which merges `model` and replaces `enabled_actions`.
import { useState } from 'preact/hooks';
import { ACTION_NAMES, ACTION_TEXT, updateProfile, type BuiltinAction, type ModelSettings, type ProfileView } from '../models/behaviour.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { ReasonButton } from './ReasonButton.js';

const text = (e: Event) => (e.target as HTMLInputElement).value;
const shown = (v: number | string | null) => (v === null ? '' : String(v));
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
// Suggestions only: the server checks the name with Intl (an unknown one is a 400).
const TIMEZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export function ProfileForm({ profile, onSaved }: { profile: ProfileView; onSaved(p: ProfileView): void }) {
  const m = profile.model;
  const [name, setName] = useState(profile.name);
  const [provider, setProvider] = useState(m.provider);
  const [model, setModel] = useState(m.model ?? '');
  const [temperature, setTemperature] = useState(shown(m.temperature));
  const [maxTokens, setMaxTokens] = useState(shown(m.max_tokens));
  const [maxRounds, setMaxRounds] = useState(shown(m.max_tool_rounds));
  const [actions, setActions] = useState<string[]>(profile.enabled_actions);
  const [timezone, setTimezone] = useState(profile.timezone);
  const [message, setMessage] = useState('');
  const { error, guard } = useErrorLine();

  async function save(e: Event) {
    e.preventDefault();
    setMessage('');
    const next: ModelSettings = { provider, model: model.trim() || null, temperature: numberOrNull(temperature), max_tokens: numberOrNull(maxTokens), max_tool_rounds: numberOrNull(maxRounds) };
    // Only the fields that changed: the PATCH merges `model` field by field, and an untouched empty
    // field then stays the server's setting instead of being written again.
    const changed = Object.fromEntries(Object.entries(next).filter(([k, v]) => m[k as keyof ModelSettings] !== v));
    const res = await guard(() =>
      updateProfile(profile.project_id, profile.id, {
        name: name.trim(),
        model: changed,
        // The whole list, also actions this page has no text for, so a save never drops one.
        enabled_actions: actions as BuiltinAction[],
        timezone: timezone.trim(),
      }),
    );
    if (!res) return;
    onSaved(res);
    setMessage('Profile saved.');
  }

  return (
    <form class="profile-form" onSubmit={save} aria-label={`Settings of ${profile.name}`}>
      <label class="field">
        <span>Profile name</span>
        <input required maxLength={120} value={name} onInput={(e) => setName(text(e))} />
      </label>
      <fieldset class="group">
        <legend>Model</legend>
        <p class="muted hint">An empty field keeps the server's setting.</p>
        <div class="model-cols">
          <label class="field wide">
            <span>Provider</span>
            <select value={provider} onChange={(e) => setProvider(text(e) as 'server' | 'offline')}>
              <option value="server">Server (its LLM, else offline)</option>
              <option value="offline">Offline answerer</option>
            </select>
          </label>
          <label class="field">
            <span>Model</span>
            <input maxLength={200} value={model} placeholder="server default" onInput={(e) => setModel(text(e))} />
          </label>
          <label class="field">
            <span>Temperature (0–2)</span>
            <input type="number" min={0} max={2} step="any" inputMode="decimal" value={temperature} onInput={(e) => setTemperature(text(e))} />
          </label>
          <label class="field">
            <span>Max tokens</span>
            <input type="number" min={1} max={32000} step={1} value={maxTokens} onInput={(e) => setMaxTokens(text(e))} />
          </label>
          <label class="field">
            <span>Max tool rounds (0–8)</span>
            <input type="number" min={0} max={8} step={1} value={maxRounds} onInput={(e) => setMaxRounds(text(e))} />
          </label>
        </div>
      </fieldset>
      <fieldset class="group">
        <legend>Enabled actions</legend>
        {[...new Set<string>([...ACTION_NAMES, ...profile.enabled_actions])].map((a) => (
          <div key={a} class="action-choice">
            <label class="check action-label">
              <input
                type="checkbox"
                checked={actions.includes(a)}
                aria-describedby={ACTION_TEXT[a]?.warning ? `warn-${a}` : undefined}
                onChange={(e) => setActions((e.target as HTMLInputElement).checked ? [...actions, a] : actions.filter((x) => x !== a))}
              />
              <span class="action-name">
                {ACTION_TEXT[a] && <span>{ACTION_TEXT[a].label}</span>} <code>{a}</code>
              </span>
            </label>
            {ACTION_TEXT[a]?.warning && (
              <p id={`warn-${a}`} class="warning">
                {ACTION_TEXT[a].warning}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <label class="field">
        <span>Timezone (for time conditions)</span>
        <input required maxLength={64} list="timezones" value={timezone} onInput={(e) => setTimezone(text(e))} />
      </label>
      <datalist id="timezones">
        {TIMEZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <div class="form-actions">
        <ReasonButton class="btn btn-primary" type="submit" reason={!name.trim() && 'Name the profile first.'}>
          Save profile
        </ReasonButton>
        <span role="status" class="ok">
          {message}
        </span>
      </div>
      <ErrorAlert text={error} />
    </form>
  );
}
