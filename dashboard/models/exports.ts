// Entity exports from the console (spec 4.1, docs/api.md "Exports"): the inbox list with its current
// filters as a plain download link (the browser streams the file to disk with the session cookie,
// nothing held in the page), and the batch bar's selection, POSTed with the CSRF token and saved
// from a Blob. Who may export follows the role's permissions (shared/roles.ts), as the server checks.
import { roleHas } from '../../shared/roles.js';
import { ENTITY_EXPORT_ROW_LIMIT, type ExportFormat } from '../../shared/export-options.js';
import { apiFile, withQuery } from './api.js';
import { counts, filters, search, tab, view } from './inbox.js';
import { listQuery } from './inbox-views.js';
import { currentMember } from './session.js';

export const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV (Excel)', xlsx: 'Excel (.xlsx)', jsonl: 'JSONL', md: 'Markdown' };
export type ListEntity = 'conversations' | 'messages';

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/exports`;

/** Why the member cannot export, or null when they can. */
export function exportRefusal(permission: 'export:read' | 'full_export:read' = 'export:read'): string | null {
  const member = currentMember.value;
  if (!member) return 'Sign in first.';
  return roleHas(member.role, permission) ? null : `Your role (${member.role}) may not export: it needs the ${permission} permission.`;
}

/** The inbox list's export link: the list's own query (tab, view, filters, search) without paging. */
export function listExportUrl(projectId: string, entity: ListEntity, format: ExportFormat): string | null {
  const query = listQuery(filters.value, tab.value, view.value, search.value, currentMember.value?.id);
  if (!query) return null;
  return withQuery(`${base(projectId)}/${entity}`, { ...query, format });
}

/** How many conversations the list holds in the current view, when the counts are known. */
export function listTotal(): number | null {
  const c = counts.value;
  if (!c) return null;
  return view.value === 'mine' ? c.mine : view.value === 'unassigned' ? c.unassigned : view.value === 'waiting' ? c.waiting : c.all;
}

export const overCap = (n: number | null) => n !== null && n > ENTITY_EXPORT_ROW_LIMIT;

/** Exports the selected conversations (or their messages) and saves the file; resolves with the rows written. */
export async function exportSelected(projectId: string, ids: readonly string[], entity: ListEntity, format: ExportFormat): Promise<number> {
  const { blob, filename, headers } = await apiFile(`${base(projectId)}/selected`, { conversation_ids: ids, entity, format });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return Number(headers.get('x-export-rows') ?? 0);
}
