// Search tables of the open project (docs/knowledge.md "Search tables"): uploaded CSV/JSON rows the
// agent can query, with the fields that are searched as text, filtered by equality or by range.
import { signal } from '@preact/signals';
import { api, withQuery } from './api.js';
import { knowledgePaths as kp, type Page, type SearchTable } from './knowledge-api.js';

export const tables = signal<SearchTable[] | null>(null);
export type FieldConfig = Pick<SearchTable, 'searchable_fields' | 'filter_fields' | 'range_fields'>;

export async function loadTables(projectId: string): Promise<void> {
  tables.value = null;
  const page = await api<Page<SearchTable>>('GET', withQuery(kp.tables(projectId), { limit: 100 }));
  tables.value = page.data;
}

function put(t: SearchTable) {
  const list = tables.peek() ?? [];
  tables.value = list.some((x) => x.id === t.id) ? list.map((x) => (x.id === t.id ? t : x)) : [...list, t];
}

export async function saveFields(projectId: string, id: string, fields: FieldConfig): Promise<void> {
  put(await api<SearchTable>('PATCH', kp.table(projectId, id), fields));
}

export async function uploadTable(projectId: string, name: string, file: File): Promise<SearchTable> {
  const ext = file.name.toLowerCase().split('.').pop();
  const format = ext === 'json' ? 'json' : ext === 'jsonl' || ext === 'ndjson' ? 'jsonl' : 'csv';
  const created = await api<SearchTable>('POST', kp.tables(projectId), { name, format, content: await file.text() });
  put(created);
  return created;
}
