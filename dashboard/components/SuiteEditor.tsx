// Create or edit a saved suite (docs/behaviour.md "Simulations"): its name and its cases, each with a
// visitor context and turns carrying expectations. A mistake in a case (attributes that are no JSON
// object) is named with the case before anything is sent; the server's refusals show on the form.
import { useState } from 'preact/hooks';
import { fromCase, newCase, toSuiteBody, type CaseDraft } from '../models/simulation-draft.js';
import { createSuite, updateSuite, type Suite } from '../models/simulations.js';
import { CaseEditor } from './CaseEditor.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { ReasonButton } from './ReasonButton.js';

/** The server keeps at most 50 cases per suite. */
const MAX_CASES = 50;

interface Props {
  project: string;
  /** null: a new suite. */
  suite: Suite | null;
  onSaved(s: Suite): void;
  onCancel(): void;
}

export function SuiteEditor({ project, suite, onSaved, onCancel }: Props) {
  const [name, setName] = useState(suite?.name ?? '');
  const [cases, setCases] = useState<CaseDraft[]>(() => (suite ? suite.cases.map(fromCase) : [newCase(1)]));
  const [busy, setBusy] = useState(false);
  const { error, setError, guard } = useErrorLine();

  async function save(e: Event) {
    e.preventDefault();
    const body = toSuiteBody(name, cases);
    if (!body.ok) return setError(body.error);
    setBusy(true);
    const saved = await guard(() => (suite ? updateSuite(project, suite.id, body.value) : createSuite(project, body.value)));
    setBusy(false);
    if (saved) onSaved(saved);
  }

  const title = suite ? `Edit ${suite.name}` : 'New suite';
  return (
    <form class="card suite-editor" onSubmit={save} aria-labelledby="suite-editor-title">
      <h2 id="suite-editor-title">{title}</h2>
      <label class="field">
        <span>Suite name</span>
        <input required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <ol class="case-list">
        {cases.map((c, i) => (
          <CaseEditor
            key={c.key}
            draft={c}
            n={i + 1}
            onChange={(d) => setCases((list) => list.map((x) => (x.key === c.key ? d : x)))}
            onRemove={cases.length > 1 ? () => setCases((list) => list.filter((x) => x.key !== c.key)) : undefined}
          />
        ))}
      </ol>
      <ReasonButton type="button" class="btn" reason={cases.length >= MAX_CASES && `At most ${MAX_CASES} cases.`} onClick={() => setCases((list) => [...list, newCase(list.length + 1)])}>
        Add case
      </ReasonButton>
      <ErrorAlert text={error} />
      <div class="form-actions">
        <button type="submit" class="btn btn-primary" disabled={busy}>
          {suite ? 'Save suite' : 'Create suite'}
        </button>
        <button type="button" class="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
