// Who a simulated visitor is, where and when (docs/behaviour.md "Simulations": the facts audiences
// read): user attributes, the page they are on, and the moment (empty = now). Attributes that are
// not a JSON object are marked at the field, before anything is sent.
import { useId, useState } from 'preact/hooks';
import { attributesError, type ContextDraft } from '../models/simulation-draft.js';

interface Props {
  draft: ContextDraft;
  onChange(d: ContextDraft): void;
  /** Opened at first when it already holds something, so a saved case shows its context; the person decides after. */
  open?: boolean;
}

type TextKey = 'name' | 'email' | 'timezone' | 'locales' | 'browserUrl' | 'time';

export function ContextFields({ draft, onChange, open }: Props) {
  const errorId = useId();
  const [initiallyOpen] = useState(open);
  const set = (patch: Partial<ContextDraft>) => onChange({ ...draft, ...patch });
  const text = (key: TextKey, label: string, attrs: Record<string, string | number> = {}) => (
    <label class="field">
      <span>{label}</span>
      <input {...attrs} value={draft[key]} onInput={(e) => set({ [key]: (e.target as HTMLInputElement).value })} />
    </label>
  );
  const bad = attributesError(draft.attributes);
  return (
    <details class="visitor-context" open={initiallyOpen}>
      <summary>Visitor context</summary>
      <div class="form-cols">
        {text('name', 'Name', { maxLength: 200, autocomplete: 'off' })}
        {text('email', 'E-mail', { type: 'email', maxLength: 320, autocomplete: 'off' })}
        <label class="check">
          <input type="checkbox" checked={draft.emailVerified} onChange={(e) => set({ emailVerified: (e.target as HTMLInputElement).checked })} /> E-mail verified
        </label>
        {text('timezone', 'Timezone (e.g. Europe/Berlin)', { maxLength: 64 })}
        {text('locales', 'Locales (comma-separated, e.g. de-DE, en)')}
        {text('browserUrl', 'Page URL', { type: 'url', maxLength: 2000, placeholder: 'https://example.com/pricing' })}
        {text('time', 'Time (your local time; empty = now)', { type: 'datetime-local' })}
        <label class="field wide">
          <span>External attributes (JSON object)</span>
          <textarea
            class="code"
            rows={3}
            value={draft.attributes}
            placeholder='{"plan": "pro"}'
            aria-invalid={bad ? 'true' : undefined}
            aria-describedby={bad ? errorId : undefined}
            onInput={(e) => set({ attributes: (e.target as HTMLTextAreaElement).value })}
          />
        </label>
        {bad && (
          <p id={errorId} class="error wide field-error">
            {bad}
          </p>
        )}
      </div>
    </details>
  );
}
