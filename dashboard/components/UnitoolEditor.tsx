// Create or edit one Unitool (spec 2.9; docs/behaviour.md "Unitools"): name, description, language,
// parameters as a JSON Schema, code, limits and secrets. The server checks the schema; its 400
// (`invalid_tool_schema`, a bad name, a limit out of range) shows at the field it names. A saved tool
// gets the test-run panel under the form (a separate form: it runs the saved code, not the draft).
import { useState } from 'preact/hooks';
import { createUnitool, EMPTY_PARAMETERS, errorField, MEMORY_MB, parseObject, TIMEOUT_MS, updateUnitool, type Unitool, type UnitoolField, type UnitoolLanguage } from '../models/unitools.js';
import { errorText } from '../models/api.js';
import { ErrorAlert } from './ErrorAlert.js';
import { FormField, fieldErrorProps } from './FormField.js';
import { SecretFields, typedPairs, type SecretRow } from './SecretFields.js';
import { UnitoolTestRun } from './UnitoolTestRun.js';

type Props = { project: string; profileId: string; tool: Unitool | null; onSaved(t: Unitool): void; onClose(): void; onSandboxProblem(text: string): void };

/** A start that shows the contract: arguments as JSON on stdin, the result printed on stdout. */
const STARTER: Record<UnitoolLanguage, string> = {
  python: 'import json, sys\nargs = json.load(sys.stdin)\nprint(json.dumps({"hello": args.get("name", "world")}))\n',
  shell: 'read -r args\necho "$args"\n',
};

export function UnitoolEditor({ project, profileId, tool, onSaved, onClose, onSandboxProblem }: Props) {
  const [name, setName] = useState(tool?.name ?? '');
  const [description, setDescription] = useState(tool?.description ?? '');
  const [language, setLanguage] = useState<UnitoolLanguage>(tool?.language ?? 'python');
  const [parameters, setParameters] = useState(JSON.stringify(tool?.parameters ?? EMPTY_PARAMETERS, null, 2));
  const [code, setCode] = useState(tool?.code ?? STARTER.python);
  const [timeout, setTimeoutMs] = useState(String(tool?.timeout_ms ?? TIMEOUT_MS.default));
  const [memory, setMemory] = useState(String(tool?.memory_mb ?? MEMORY_MB.default));
  const [rows, setRows] = useState<SecretRow[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [fieldError, setFieldError] = useState<{ field: UnitoolField; text: string } | null>(null);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const errorOf = (f: UnitoolField) => (fieldError?.field === f ? fieldError.text : '');
  const invalid = (f: UnitoolField) => fieldErrorProps(`unitool-${f}`, errorOf(f));

  function chooseLanguage(next: UnitoolLanguage) {
    // The starter of the other language is swapped; code someone wrote is kept.
    if (code === STARTER[language]) setCode(STARTER[next]);
    setLanguage(next);
  }

  async function save(e: Event) {
    e.preventDefault();
    setError('');
    setFieldError(null);
    setSaved('');
    let params: Record<string, unknown>;
    try {
      params = parseObject(parameters, 'Parameters');
    } catch (err) {
      setFieldError({ field: 'parameters', text: errorText(err) });
      return;
    }
    const secrets: Record<string, string | null> = { ...Object.fromEntries(removed.map((n) => [n, null])), ...typedPairs(rows) };
    const body = { name: name.trim(), description, language, parameters: params, code, timeout_ms: Number(timeout), memory_mb: Number(memory) };
    try {
      const t = tool
        ? await updateUnitool(project, tool.id, { ...body, ...(Object.keys(secrets).length ? { secrets } : {}) })
        : await createUnitool(project, { ...body, secrets: secrets as Record<string, string>, profile_ids: [profileId] });
      // Values are write-only: nothing typed stays in the form once the server has them.
      setRows([]);
      setRemoved([]);
      setSaved(`Saved ${t.name}.`);
      onSaved(t);
    } catch (err) {
      const field = errorField(err);
      if (field) setFieldError({ field, text: errorText(err) });
      else setError(errorText(err));
    }
  }

  return (
    <div class="card unitool-editor">
      <form aria-labelledby="unitool-editor-title" onSubmit={(e) => void save(e)}>
        <h3 id="unitool-editor-title">{tool ? `Edit ${tool.name}` : 'New Unitool'}</h3>
        <div class="unitool-cols">
          <FormField id="unitool-name" label="Name (lower case, digits and _)" error={errorOf('name')}>
            <input id="unitool-name" required maxLength={64} autocomplete="off" spellcheck={false} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} {...invalid('name')} />
          </FormField>
          <FormField id="unitool-language" label="Language" error={errorOf('language')}>
            <select id="unitool-language" value={language} onChange={(e) => chooseLanguage((e.target as HTMLSelectElement).value as UnitoolLanguage)}>
              <option value="python">Python</option>
              <option value="shell">Shell</option>
            </select>
          </FormField>
          <FormField id="unitool-timeout_ms" label={`Timeout (ms, ${TIMEOUT_MS.min}–${TIMEOUT_MS.max})`} error={errorOf('timeout_ms')}>
            <input id="unitool-timeout_ms" type="number" required min={TIMEOUT_MS.min} max={TIMEOUT_MS.max} step={100} value={timeout} onInput={(e) => setTimeoutMs((e.target as HTMLInputElement).value)} {...invalid('timeout_ms')} />
          </FormField>
          <FormField id="unitool-memory_mb" label={`Memory (MiB, ${MEMORY_MB.min}–${MEMORY_MB.max})`} error={errorOf('memory_mb')}>
            <input id="unitool-memory_mb" type="number" required min={MEMORY_MB.min} max={MEMORY_MB.max} value={memory} onInput={(e) => setMemory((e.target as HTMLInputElement).value)} {...invalid('memory_mb')} />
          </FormField>
        </div>
        <FormField id="unitool-description" label="Description (what it does, for the model)" error={errorOf('description')}>
          <textarea id="unitool-description" required rows={2} maxLength={1024} value={description} onInput={(e) => setDescription((e.target as HTMLTextAreaElement).value)} {...invalid('description')} />
        </FormField>
        <FormField id="unitool-parameters" label="Parameters (JSON Schema of the arguments object)" error={errorOf('parameters')}>
          <textarea id="unitool-parameters" class="code" rows={6} spellcheck={false} value={parameters} onInput={(e) => setParameters((e.target as HTMLTextAreaElement).value)} {...invalid('parameters')} />
        </FormField>
        <FormField id="unitool-code" label="Code (reads the arguments as JSON on stdin, prints the result)" error={errorOf('code')}>
          <textarea id="unitool-code" class="code" rows={10} spellcheck={false} required value={code} onInput={(e) => setCode((e.target as HTMLTextAreaElement).value)} {...invalid('code')} />
        </FormField>
        <SecretFields
          idPrefix="secret"
          legend="Secrets"
          hint="Environment variables the code reads (names like SHOP_TOKEN). Values are stored encrypted and never shown again."
          nameLabel="Secret name"
          addLabel="Add secret"
          saved={tool?.secret_names ?? []}
          removed={removed}
          rows={rows}
          error={errorOf('secrets')}
          onRemoved={setRemoved}
          onRows={setRows}
        />
        <ErrorAlert text={error} />
        <p role="status" class="muted">{saved}</p>
        <div class="form-actions">
          <button type="submit" class="btn btn-primary">Save Unitool</button>
          <button type="button" class="btn" onClick={onClose}>Close</button>
        </div>
      </form>
      {tool && <UnitoolTestRun key={tool.id} project={project} tool={tool} onSandboxProblem={onSandboxProblem} />}
    </div>
  );
}
