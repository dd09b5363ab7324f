// Search tables (docs/knowledge.md "Search tables"): upload a CSV/JSON file, then choose per column
// whether the agent searches it as text, filters on it by equality, or by range.
import { useEffect, useState } from 'preact/hooks';
import { loadTables, saveFields, tables, uploadTable, type FieldConfig } from '../models/tables.js';
import type { SearchTable } from '../models/knowledge-api.js';
import { errorText } from '../models/api.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

const KINDS: { key: keyof FieldConfig; label: string }[] = [
  { key: 'searchable_fields', label: 'Text search' },
  { key: 'filter_fields', label: 'Filter' },
  { key: 'range_fields', label: 'Range' },
];

function TableFields({ projectId, table }: { projectId: string; table: SearchTable }) {
  const [fields, setFields] = useState<FieldConfig>({ searchable_fields: table.searchable_fields, filter_fields: table.filter_fields, range_fields: table.range_fields });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const toggle = (key: keyof FieldConfig, column: string, on: boolean) =>
    setFields({ ...fields, [key]: on ? [...fields[key], column] : fields[key].filter((c) => c !== column) });
  async function save(e: Event) {
    e.preventDefault();
    try {
      await saveFields(projectId, table.id, fields);
      setMessage({ ok: true, text: 'Fields saved.' });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  }
  const caption = `${table.name}: ${table.row_count} rows`;
  return (
    <form onSubmit={save}>
        <div class="table-scroll" tabIndex={0} role="region" aria-label={`Fields of ${table.name}`}>
          <table class="fields-table">
            <caption class="sr-only">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Column</th>
                {KINDS.map((k) => (
                  <th scope="col" key={k.key}>
                    {k.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.columns.map((c) => (
                <tr key={c.name}>
                  <th scope="row">
                    {c.name} <span class="muted">({c.type})</span>
                  </th>
                  {KINDS.map((k) => (
                    <td key={k.key}>
                      <input
                        type="checkbox"
                        aria-label={`${k.label}: ${c.name}`}
                        checked={fields[k.key].includes(c.name)}
                        onChange={(e) => toggle(k.key, c.name, (e.target as HTMLInputElement).checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div class="form-actions">
          <button class="btn" type="submit">
            Save fields<span class="sr-only"> of {table.name}</span>
          </button>
          {message && <p role={message.ok ? 'status' : 'alert'} class={message.ok ? 'ok' : 'error'}>{message.text}</p>}
        </div>
    </form>
  );
}

export function SearchTables({ projectId }: { projectId: string }) {
  const [name, setName] = useState('');
  const { error, setError, showError, guard } = useErrorLine();
  useEffect(() => {
    void loadTables(projectId).catch(showError);
  }, [projectId]);

  async function upload(e: Event) {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).querySelector<HTMLInputElement>('input[type=file]')!;
    const file = input.files?.[0];
    if (!file) return setError('Choose a CSV, JSON or JSONL file.');
    await guard(async () => {
      await uploadTable(projectId, name.trim() || file.name.replace(/\.[^.]+$/, ''), file);
      setName('');
      input.value = '';
    });
  }

  return (
    <section class="card" aria-labelledby="tables-title">
      <h2 id="tables-title">Search tables</h2>
      <ul class="table-list">
        {(tables.value ?? []).map((t) => (
          <li key={t.id}>
            <h3>
              {t.name} <span class="muted">({t.row_count} rows)</span>
            </h3>
            <TableFields projectId={projectId} table={t} />
          </li>
        ))}
      </ul>
      {tables.value && !tables.value.length && <p class="muted">No search tables yet.</p>}
      <form class="inline-form" onSubmit={upload} aria-label="Upload a search table">
        <label class="field">
          <span>Table file (CSV, JSON, JSONL)</span>
          <input type="file" accept=".csv,.json,.jsonl,.ndjson" />
        </label>
        <label class="field">
          <span>Table name (optional)</span>
          <input value={name} maxLength={120} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <button class="btn" type="submit">
          Upload table
        </button>
      </form>
      <ErrorAlert text={error} />
    </section>
  );
}
