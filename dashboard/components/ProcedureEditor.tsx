// Create or edit one procedure (spec 2.9; docs/behaviour.md "Procedures"): name, description, trigger
// phrases one per line, and the steps as cards. The server checks the step graph; its 400 names the
// step at fault (`details[].path` "steps[1].next"), which shows at that card.
import { useState } from 'preact/hooks';
import { blankStep, createProcedure, errorStep, STEP_TYPES, updateProcedure, type Procedure, type ProcedureStep, type StepType } from '../models/procedures.js';
import { errorText } from '../models/api.js';
import { ErrorAlert } from './ErrorAlert.js';
import { StepCard } from './StepCard.js';

type Props = { project: string; profileId: string; procedure: Procedure | null; onSaved(p: Procedure): void; onClose(): void };
/** A step as edited: JSON fields are kept as text until save. */
type Draft = ProcedureStep & { argsText?: string };

/** The step as the API takes it: JSON text parsed (a parse error names the step). */
function clean(step: Draft, index: number): ProcedureStep {
  const { argsText, ...rest } = step;
  const s = rest as ProcedureStep;
  const parse = (text: string, what: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw Object.assign(new Error(`${what} is not valid JSON.`), { step: index });
    }
  };
  if (s.type === 'tool' && argsText !== undefined) return { ...s, arguments: argsText.trim() ? (parse(argsText, 'Arguments') as Record<string, unknown>) : undefined };
  if (s.type === 'branch')
    return {
      ...s,
      cases: s.cases.map((c) => {
        const { whenText, ...rest } = c as typeof c & { whenText?: string };
        return whenText === undefined ? rest : { ...rest, when: parse(whenText, 'When') as typeof c.when };
      }),
    };
  return s;
}

export function ProcedureEditor({ project, profileId, procedure, onSaved, onClose }: Props) {
  const [name, setName] = useState(procedure?.name ?? '');
  const [description, setDescription] = useState(procedure?.description ?? '');
  const [triggers, setTriggers] = useState((procedure?.triggers ?? []).join('\n'));
  const [steps, setSteps] = useState<Draft[]>(procedure?.steps ?? [blankStep('say', 'start')]);
  const [addType, setAddType] = useState<StepType>('say');
  const [error, setError] = useState('');
  const [stepError, setStepError] = useState<{ index: number; text: string } | null>(null);
  const [saved, setSaved] = useState('');
  const ids = steps.map((s) => s.id).filter(Boolean);

  function freshId(): string {
    for (let n = steps.length + 1; ; n++) if (!ids.includes(`step${n}`)) return `step${n}`;
  }
  const move = (i: number, d: -1 | 1) =>
    setSteps((list) => {
      const next = [...list];
      [next[i], next[i + d]] = [next[i + d], next[i]];
      return next;
    });

  async function save(e: Event) {
    e.preventDefault();
    setError('');
    setStepError(null);
    setSaved('');
    let body;
    try {
      body = {
        name,
        description,
        triggers: triggers.split('\n').map((t) => t.trim()).filter(Boolean),
        steps: steps.map(clean),
      };
    } catch (err) {
      setStepError({ index: (err as { step: number }).step, text: (err as Error).message });
      return;
    }
    try {
      const p = procedure
        ? await updateProcedure(project, procedure.id, body)
        : await createProcedure(project, { ...body, profile_ids: [profileId], state: 'active' });
      setSaved(`Saved ${p.name}.`);
      onSaved(p);
    } catch (err) {
      const index = errorStep(err);
      if (index >= 0 && index < steps.length) setStepError({ index, text: errorText(err) });
      else setError(errorText(err));
    }
  }

  return (
    <form class="card procedure-editor" aria-labelledby="procedure-editor-title" onSubmit={(e) => void save(e)}>
      <h3 id="procedure-editor-title">{procedure ? `Edit ${procedure.name}` : 'New procedure'}</h3>
      <label class="field" for="procedure-name">
        <span>Name</span>
        <input id="procedure-name" required maxLength={120} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <label class="field" for="procedure-description">
        <span>Description</span>
        <textarea id="procedure-description" rows={2} value={description} onInput={(e) => setDescription((e.target as HTMLTextAreaElement).value)} />
      </label>
      <label class="field" for="procedure-triggers">
        <span>Trigger phrases (one per line)</span>
        <textarea id="procedure-triggers" rows={3} value={triggers} onInput={(e) => setTriggers((e.target as HTMLTextAreaElement).value)} />
      </label>
      <h4>Steps</h4>
      <ol class="step-list">
        {steps.map((s, i) => (
          <StepCard
            key={i}
            step={s}
            index={i}
            count={steps.length}
            stepIds={ids}
            error={stepError?.index === i ? stepError.text : ''}
            onChange={(next) => setSteps((list) => list.map((x, j) => (j === i ? next : x)))}
            onMove={(d) => move(i, d)}
            onRemove={() => setSteps((list) => list.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <div class="add-step">
        <label class="field" for="procedure-add-type">
          <span>New step type</span>
          <select id="procedure-add-type" value={addType} onChange={(e) => setAddType((e.target as HTMLSelectElement).value as StepType)}>
            {STEP_TYPES.map((t) => (
              <option key={t} value={t}>{t}</option>
            ))}
          </select>
        </label>
        <button type="button" class="btn" onClick={() => setSteps((list) => [...list, blankStep(addType, freshId())])}>Add step</button>
      </div>
      <ErrorAlert text={error} />
      <p role="status" class="muted">{saved}</p>
      <div class="form-actions">
        <button type="submit" class="btn btn-primary">Save procedure</button>
        <button type="button" class="btn" onClick={onClose}>Close</button>
      </div>
    </form>
  );
}
