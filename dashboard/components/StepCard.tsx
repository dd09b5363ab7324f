// One step of a procedure in the editor (spec 2.9): its id, type and, per type, the fields of the
// step schema. JSON fields (tool arguments, a branch case's `when`) are edited as text and parsed on
// save by the editor; a 400 naming this step shows here.
import type { ProcedureStep } from '../models/procedures.js';
import { ErrorAlert } from './ErrorAlert.js';

type Props = {
  step: ProcedureStep;
  index: number;
  count: number;
  stepIds: string[];
  error: string;
  onChange(step: ProcedureStep): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
};

const ASK_KINDS = ['text', 'number', 'email', 'date', 'yes_no', 'choice'] as const;
const opt = (v: string) => (v === '' ? undefined : v);

function NextSelect({ id, label, value, stepIds, onChange, allowEnd }: { id: string; label: string; value: string | null | undefined; stepIds: string[]; onChange(v: string | null | undefined): void; allowEnd?: boolean }) {
  const current = value === null ? '__end' : (value ?? '');
  return (
    <label class="field" for={id}>
      <span>{label}</span>
      <select id={id} value={current} onChange={(e) => {
        const v = (e.target as HTMLSelectElement).value;
        onChange(v === '__end' ? null : v === '' ? undefined : v);
      }}>
        <option value="">{allowEnd === false ? 'Choose a step' : 'The next in the list'}</option>
        {allowEnd !== false && <option value="__end">End</option>}
        {stepIds.map((s) => (
          <option key={s} value={s}>{s}</option>
        ))}
        {current && current !== '__end' && !stepIds.includes(current) && <option value={current}>{current} (missing)</option>}
      </select>
    </label>
  );
}

function Text({ id, label, value, onInput, area }: { id: string; label: string; value: string | undefined; onInput(v: string): void; area?: boolean }) {
  return (
    <label class="field" for={id}>
      <span>{label}</span>
      {area ? (
        <textarea id={id} rows={2} value={value ?? ''} onInput={(e) => onInput((e.target as HTMLTextAreaElement).value)} />
      ) : (
        <input id={id} value={value ?? ''} onInput={(e) => onInput((e.target as HTMLInputElement).value)} />
      )}
    </label>
  );
}

export function StepCard({ step, index, count, stepIds, error, onChange, onMove, onRemove }: Props) {
  const k = `step-${index}`;
  const set = (patch: Record<string, unknown>) => onChange({ ...step, ...patch } as ProcedureStep);
  const others = stepIds.filter((s) => s !== step.id);
  return (
    <li class={`card step-card${error ? ' step-error' : ''}`} aria-labelledby={`${k}-title`}>
      <div class="section-head">
        <h4 id={`${k}-title`}>Step {index + 1}: {step.type}</h4>
        <div class="row-actions">
          <button type="button" class="btn" disabled={index === 0} aria-label={`Move step ${index + 1} up`} onClick={() => onMove(-1)}>Up</button>
          <button type="button" class="btn" disabled={index === count - 1} aria-label={`Move step ${index + 1} down`} onClick={() => onMove(1)}>Down</button>
          <button type="button" class="btn btn-danger" aria-label={`Remove step ${index + 1}`} onClick={onRemove}>Remove</button>
        </div>
      </div>
      <ErrorAlert text={error} />
      <Text id={`${k}-id`} label="Step id" value={step.id} onInput={(v) => set({ id: v })} />
      {step.type === 'say' && <Text id={`${k}-text`} label="Text" area value={step.text} onInput={(v) => set({ text: v })} />}
      {step.type === 'ask' && (
        <>
          <Text id={`${k}-field`} label="Field" value={step.field} onInput={(v) => set({ field: v })} />
          <label class="field" for={`${k}-kind`}>
            <span>Kind</span>
            <select id={`${k}-kind`} value={step.kind} onChange={(e) => {
              const kind = (e.target as HTMLSelectElement).value as (typeof ASK_KINDS)[number];
              set({ kind, options: kind === 'choice' ? (step.options ?? ['', '']) : undefined });
            }}>
              {ASK_KINDS.map((x) => (
                <option key={x} value={x}>{x}</option>
              ))}
            </select>
          </label>
          <Text id={`${k}-prompt`} label="Prompt" area value={step.prompt} onInput={(v) => set({ prompt: v })} />
          {step.kind === 'choice' && (
            <Text id={`${k}-options`} label="Options (one per line)" area value={(step.options ?? []).join('\n')} onInput={(v) => set({ options: v.split('\n') })} />
          )}
          <Text id={`${k}-retry`} label="Retry text (optional)" value={step.retry} onInput={(v) => set({ retry: opt(v) })} />
          <label class="field" for={`${k}-max`}>
            <span>Max attempts</span>
            <input id={`${k}-max`} type="number" min={1} max={10} value={step.max_attempts ?? ''} onInput={(e) => {
              const v = (e.target as HTMLInputElement).value;
              set({ max_attempts: v === '' ? undefined : Number(v) });
            }} />
          </label>
        </>
      )}
      {step.type === 'tool' && (
        <>
          <Text id={`${k}-tool`} label="Tool name" value={step.tool} onInput={(v) => set({ tool: v })} />
          <Text id={`${k}-args`} label="Arguments (JSON)" area value={(step as { argsText?: string }).argsText ?? (step.arguments ? JSON.stringify(step.arguments) : '')} onInput={(v) => set({ argsText: v })} />
          <Text id={`${k}-save`} label="Save result as (optional)" value={step.save_as} onInput={(v) => set({ save_as: opt(v) })} />
          <label class="field" for={`${k}-onerror`}>
            <span>On error</span>
            <select id={`${k}-onerror`} value={step.on_error ?? ''} onChange={(e) => set({ on_error: opt((e.target as HTMLSelectElement).value) })}>
              <option value="">Offer the team</option>
              {others.map((s) => (
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          </label>
        </>
      )}
      {step.type === 'branch' && (
        <>
          {step.cases.map((c, ci) => (
            <fieldset key={ci} class="branch-case">
              <legend>Case {ci + 1}</legend>
              <Text id={`${k}-when-${ci}`} label="When (audience conditions, JSON)" area value={(c as { whenText?: string }).whenText ?? JSON.stringify(c.when)} onInput={(v) => set({ cases: step.cases.map((x, i) => (i === ci ? { ...x, whenText: v } : x)) })} />
              <NextSelect id={`${k}-next-${ci}`} label="Then go to" allowEnd={false} value={c.next} stepIds={others} onChange={(v) => set({ cases: step.cases.map((x, i) => (i === ci ? { ...x, next: v ?? '' } : x)) })} />
              <button type="button" class="btn" disabled={step.cases.length === 1} onClick={() => set({ cases: step.cases.filter((_, i) => i !== ci) })}>Remove case {ci + 1}</button>
            </fieldset>
          ))}
          <button type="button" class="btn" onClick={() => set({ cases: [...step.cases, { when: [], next: '' }] })}>Add case</button>
          <NextSelect id={`${k}-otherwise`} label="Otherwise" value={step.otherwise} stepIds={others} onChange={(v) => set({ otherwise: v ?? null })} />
        </>
      )}
      {step.type === 'handoff' && (
        <>
          <label class="field" for={`${k}-mode`}>
            <span>Mode</span>
            <select id={`${k}-mode`} value={step.mode} onChange={(e) => set({ mode: (e.target as HTMLSelectElement).value })}>
              <option value="offer">Offer the team</option>
              <option value="escalate">Escalate with a note</option>
            </select>
          </label>
          <Text id={`${k}-text`} label="Text (optional)" area value={step.text} onInput={(v) => set({ text: opt(v) })} />
          <Text id={`${k}-note`} label="Note for the team (optional)" area value={step.note} onInput={(v) => set({ note: opt(v) })} />
        </>
      )}
      {step.type === 'end' && <Text id={`${k}-text`} label="Text (optional)" area value={step.text} onInput={(v) => set({ text: opt(v) })} />}
      {step.type !== 'branch' && step.type !== 'handoff' && step.type !== 'end' && (
        <NextSelect id={`${k}-next`} label="Next" value={step.next} stepIds={others} onChange={(v) => set({ next: v })} />
      )}
    </li>
  );
}
