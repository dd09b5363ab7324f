// Entity exports (spec 4.1): the conversations, messages or users a list shows with its current
// filters, newest first, at most ENTITY_EXPORT_ROW_LIMIT rows, in one of four formats. The rows are
// walked lazily over the store's documents (no array of rows is built); how many rows match is
// counted first, in a pass that only runs the filter, so the response can say in its headers (and a
// Markdown file in its last line) that the cap cut the export before a single row is sent.
import type { Readable } from 'node:stream';
import type { ConversationRecord, User } from '../../../shared/schemas/entities.js';
import { ENTITY_EXPORT_ROW_LIMIT, type ConversationExportQuery, type ExportEntity, type ExportFormat, type UserExportQuery } from '../../../shared/schemas/exports.js';
import type { AppContext } from '../../context.js';
import { listFilter } from '../conversations-api/list-filter.js';
import { canonicalIdentity, type IdentityField } from '../users/identity-values.js';
import { conversationRows, messageRows, userRows, type MessageRow, type RowSource } from './columns.js';
import { CONTENT_TYPES, exportStream } from './writers.js';

export interface EntityExport {
  stream: Readable;
  contentType: string;
  filename: string;
  /** Rows in the file, rows the filters matched, and whether the cap cut the difference. */
  rows: number;
  total: number;
  truncated: boolean;
}

function* newestFirst<T>(ascending: readonly T[], keep: (item: T) => boolean, limit: number): Generator<T> {
  let n = 0;
  for (let i = ascending.length - 1; i >= 0 && n < limit; i--) {
    if (keep(ascending[i])) {
      n++;
      yield ascending[i];
    }
  }
}

function* messagesOf(conversations: Iterable<ConversationRecord>, limit: number): Generator<MessageRow> {
  let n = 0;
  for (const conversation of conversations) {
    for (const message of conversation.messages) {
      if (n++ >= limit) return;
      yield { conversation, message };
    }
  }
}

const IDENTITIES: IdentityField[] = ['email', 'phone', 'external_id'];

export function createEntityExports(ctx: Pick<AppContext, 'store' | 'services'>, limit = ENTITY_EXPORT_ROW_LIMIT) {
  async function labelNames(projectId: string) {
    const names = new Map((await ctx.store.collection('labels').list(projectId)).map((l) => [l.id, l.name]));
    return (id: string) => names.get(id) ?? id;
  }

  function finish<T>(entity: ExportEntity, format: ExportFormat, source: RowSource<T>, items: Iterable<T>, total: number): EntityExport {
    const rows = Math.min(total, limit);
    const truncated = total > limit;
    const note = truncated ? `Cut at the export limit: ${rows} of ${total} rows (the newest). Narrow the filters to export the rest.` : undefined;
    const title = entity[0].toUpperCase() + entity.slice(1);
    const date = new Date().toISOString().slice(0, 10);
    return {
      stream: exportStream({ source, items, title, note }, format),
      contentType: CONTENT_TYPES[format],
      filename: `${entity}-${date}.${format}`,
      rows,
      total,
      truncated,
    };
  }

  async function matching(projectId: string, keep: (c: ConversationRecord) => boolean) {
    const all = await ctx.services.conversations.list(projectId);
    let total = 0;
    let messages = 0;
    for (const c of all) if (keep(c)) (total++, (messages += c.messages.length));
    return { all, total, messages };
  }

  async function conversationsOrMessages(projectId: string, entity: 'conversations' | 'messages', format: ExportFormat, keep: (c: ConversationRecord) => boolean) {
    const { all, total, messages } = await matching(projectId, keep);
    if (entity === 'messages') return finish(entity, format, messageRows, messagesOf(newestFirst(all, keep, Infinity), limit), messages);
    return finish(entity, format, conversationRows(await labelNames(projectId)), newestFirst(all, keep, limit), total);
  }

  return {
    conversations(projectId: string, entity: 'conversations' | 'messages', query: ConversationExportQuery): Promise<EntityExport> {
      const { format = 'csv', ...filters } = query;
      return conversationsOrMessages(projectId, entity, format, listFilter(filters));
    },

    /** The inbox's selected conversations (the batch bar); unknown or hidden ids are skipped. */
    selected(projectId: string, entity: 'conversations' | 'messages', ids: readonly string[], format: ExportFormat): Promise<EntityExport> {
      const wanted = new Set(ids.map((id) => id.toLowerCase()));
      const visible = listFilter({});
      return conversationsOrMessages(projectId, entity, format, (c) => wanted.has(c.id) && visible(c));
    },

    async users(projectId: string, query: UserExportQuery): Promise<EntityExport> {
      const { format = 'csv', ...filters } = query;
      const wanted = IDENTITIES.filter((f) => filters[f] !== undefined).map((f) => [f, canonicalIdentity(f, filters[f]!)] as const);
      const keep = (u: User) => wanted.every(([f, v]) => u[f] === v);
      const all = await ctx.services.users.list(projectId);
      let total = 0;
      for (const u of all) if (keep(u)) total++;
      return finish('users', format, userRows, newestFirst(all, keep, limit), total);
    },
  };
}

export type EntityExports = ReturnType<typeof createEntityExports>;
