// Search tables (spec 2.9): uploaded structured data with searchable fields, filters and ranges,
// attached to a profile under a custom tool name and description.
// Storage: one metadata document per table plus rows in shards of SHARD_ROWS, so one write never
// grows with the table (docs/architecture.md section 7). Query indexes are built on first use and cached.
import type { ParleyStore } from '../../../store/index.js';
import { AppError, invalid, notFound } from '../../../errors.js';
import { newId, now } from '../../../lib/ids.js';
import { parseTable, type Row, type TableFormat } from './parse.js';
import { buildTableIndex, type TableIndex, type TableQuery } from './query.js';
import type { CreateTableInput, SearchTable, UpdateTableInput } from './schemas.js';
import { BUILTIN_ACTIONS } from '../../../../shared/schemas/behaviour.js';

export const SHARD_ROWS = 2000;
export const DEFAULT_PROFILE = 'default';
const CACHE_TABLES = 32;
/** Tool names the agent already uses (agent/tools.ts): every built-in action. */
export const RESERVED_TOOL_NAMES: readonly string[] = BUILTIN_ACTIONS;

interface StoredTable extends SearchTable {
  shard_ids: string[];
}

const publicView = ({ shard_ids: _s, ...table }: StoredTable): SearchTable => table;

export function createSearchTableService(store: ParleyStore) {
  const tables = store.collection('search_tables');
  const shards = store.collection('search_table_rows');
  const cache = new Map<string, { version: string; index: TableIndex }>();

  async function requireTable(projectId: string, id: string): Promise<StoredTable> {
    const table = (await tables.get(projectId, id)) as StoredTable | undefined;
    if (!table) throw notFound('search table');
    return table;
  }

  /** Field settings checked against the columns; range fields must be numbers or dates. */
  function fieldConfig(
    columns: SearchTable['columns'],
    input: { searchable_fields?: string[]; filter_fields?: string[]; range_fields?: string[] },
    previous?: Pick<SearchTable, 'searchable_fields' | 'filter_fields' | 'range_fields'>,
  ) {
    const names = new Set(columns.map((c) => c.name));
    const pick = (key: 'searchable_fields' | 'filter_fields' | 'range_fields', fallback: string[]) => {
      const list = input[key] ?? previous?.[key]?.filter((f) => names.has(f)) ?? fallback;
      for (const [i, f] of list.entries()) {
        if (!names.has(f)) throw invalid(`${key}: the table has no column "${f}"`, [{ path: `${key}.${i}`, message: `no column "${f}"` }]);
      }
      return [...new Set(list)];
    };
    const searchable_fields = pick('searchable_fields', columns.filter((c) => c.type === 'string').map((c) => c.name));
    const filter_fields = pick('filter_fields', []);
    const range_fields = pick('range_fields', []);
    for (const [i, f] of range_fields.entries()) {
      const type = columns.find((c) => c.name === f)!.type;
      if (type !== 'number' && type !== 'date') {
        throw invalid(`range_fields: column "${f}" holds ${type} values; ranges need numbers or dates`, [{ path: `range_fields.${i}`, message: 'not a number or date column' }]);
      }
    }
    return { searchable_fields, filter_fields, range_fields };
  }

  async function writeRows(projectId: string, tableId: string, rows: Row[]): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += SHARD_ROWS) {
      const id = newId();
      await shards.put(projectId, { id, table_id: tableId, rows: rows.slice(i, i + SHARD_ROWS) });
      ids.push(id);
    }
    return ids;
  }

  async function dropShards(projectId: string, ids: string[]) {
    for (const id of ids) await shards.delete(projectId, id);
  }

  async function index(projectId: string, table: StoredTable): Promise<TableIndex> {
    const cached = cache.get(table.id);
    if (cached && cached.version === table.updated_at) return cached.index;
    const rows: Row[] = [];
    for (const id of table.shard_ids) rows.push(...(((await shards.get(projectId, id))?.rows ?? []) as Row[]));
    const built = buildTableIndex(table, rows);
    cache.delete(table.id);
    cache.set(table.id, { version: table.updated_at, index: built });
    if (cache.size > CACHE_TABLES) cache.delete(cache.keys().next().value!);
    return built;
  }

  return {
    async create(projectId: string, input: CreateTableInput): Promise<SearchTable> {
      const parsed = parseTable(input.format, input.content);
      const fields = fieldConfig(parsed.columns, input);
      const id = newId();
      const shard_ids = await writeRows(projectId, id, parsed.rows);
      const t = now();
      const table: StoredTable = {
        id,
        project_id: projectId,
        name: input.name,
        description: input.description ?? '',
        format: input.format,
        columns: parsed.columns,
        ...fields,
        row_count: parsed.rows.length,
        attachments: [],
        shard_ids,
        created_at: t,
        updated_at: t,
      };
      await tables.put(projectId, table);
      return publicView(table);
    },

    async list(projectId: string, page: { limit?: number; starting_after?: string } = {}) {
      const all = (await tables.list(projectId)) as StoredTable[];
      const start = page.starting_after ? all.findIndex((t) => t.id === page.starting_after) + 1 : 0;
      const limit = page.limit ?? 20;
      const slice = all.slice(start, start + limit);
      return { data: slice.map(publicView), has_more: start + limit < all.length };
    },

    get: async (projectId: string, id: string) => publicView(await requireTable(projectId, id)),

    async update(projectId: string, id: string, input: UpdateTableInput): Promise<SearchTable> {
      const table = await requireTable(projectId, id);
      const fields = fieldConfig(table.columns, input, table);
      const updated = (await tables.update(projectId, id, (doc) => ({
        ...doc,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...fields,
        updated_at: now(),
      }))) as StoredTable | undefined;
      if (!updated) throw notFound('search table');
      return publicView(updated);
    },

    /** Replaces every row; field settings are kept where their columns still exist. */
    async replaceData(projectId: string, id: string, input: { format: TableFormat; content: string }): Promise<SearchTable> {
      const table = await requireTable(projectId, id);
      const parsed = parseTable(input.format, input.content);
      const fields = fieldConfig(parsed.columns, {}, table);
      const shard_ids = await writeRows(projectId, id, parsed.rows);
      const updated = (await tables.update(projectId, id, (doc) => ({
        ...doc,
        format: input.format,
        columns: parsed.columns,
        ...fields,
        row_count: parsed.rows.length,
        shard_ids,
        updated_at: now(),
      }))) as StoredTable | undefined;
      await dropShards(projectId, updated ? table.shard_ids : shard_ids);
      if (!updated) throw notFound('search table');
      return publicView(updated);
    },

    async remove(projectId: string, id: string): Promise<void> {
      const table = await requireTable(projectId, id);
      await tables.delete(projectId, id);
      await dropShards(projectId, table.shard_ids);
      cache.delete(id);
    },

    async query(projectId: string, id: string, q: TableQuery) {
      return (await index(projectId, await requireTable(projectId, id))).query(q);
    },

    /** Attaches the table to a profile as a tool (spec 2.9: custom name and description per attachment). */
    async attach(projectId: string, id: string, input: { name: string; description: string }, profileId = DEFAULT_PROFILE): Promise<SearchTable> {
      await requireTable(projectId, id);
      if (RESERVED_TOOL_NAMES.includes(input.name)) {
        throw new AppError('conflict', `"${input.name}" is a built-in tool name; choose another`);
      }
      const others = (await tables.list(projectId)) as StoredTable[];
      const clash = others.find((t) => t.id !== id && t.attachments.some((a) => a.profile_id === profileId && a.name === input.name));
      if (clash) throw new AppError('conflict', `table "${clash.name}" is already attached under the name "${input.name}"`);
      const updated = (await tables.update(projectId, id, (doc) => ({
        ...doc,
        attachments: [
          ...(doc as StoredTable).attachments.filter((a) => a.profile_id !== profileId),
          { profile_id: profileId, name: input.name, description: input.description, attached_at: now() },
        ],
      }))) as StoredTable;
      return publicView(updated);
    },

    async detach(projectId: string, id: string, profileId = DEFAULT_PROFILE): Promise<SearchTable> {
      await requireTable(projectId, id);
      const updated = (await tables.update(projectId, id, (doc) => ({
        ...doc,
        attachments: (doc as StoredTable).attachments.filter((a) => a.profile_id !== profileId),
      }))) as StoredTable;
      return publicView(updated);
    },

    /** Tables attached to a profile, with the name and description the model sees. */
    async attached(projectId: string, profileId = DEFAULT_PROFILE) {
      const all = (await tables.list(projectId)) as StoredTable[];
      return all.flatMap((t) => {
        const a = t.attachments.find((x) => x.profile_id === profileId);
        return a ? [{ table: publicView(t), name: a.name, description: a.description }] : [];
      });
    },
  };
}

export type SearchTableService = ReturnType<typeof createSearchTableService>;
