// Entity exports (spec 4.1): the conversations, messages or users a list shows with its current
// filters, newest first, at most ENTITY_EXPORT_ROW_LIMIT rows, in one of four formats. The store
// runs the list's filters (docs/architecture.md section 7 "Queries"): it counts the matches first,
// so the response can say in its headers (and a Markdown file in its last line) that the cap cut the
// export before a single row is sent, then reads the newest page of them; message rows are walked
// lazily over the conversations read.
import type { Readable } from 'node:stream';
import type { ConversationRecord, User } from '../../../shared/schemas/entities.js';
import { ENTITY_EXPORT_ROW_LIMIT, type ConversationExportQuery, type ExportEntity, type ExportFormat, type UserExportQuery } from '../../../shared/schemas/exports.js';
import type { AppContext } from '../../context.js';
import { listQuery } from '../conversations-api/list-filter.js';
import type { Query } from '../../store/types.js';
import { canonicalIdentity, type IdentityField } from '../users/identity-values.js';
import type { MediaLink } from './dataset.js';
import { exportMediaLinks } from '../attachments/service.js';
import { conversationRows, messageRows, userRows, type MessageRow, type RowSource } from './columns.js';
import { CONTENT_TYPES, exportStream } from './writers.js';
import { orgTimeZoneOf } from '../org/settings-of.js';
import { localDate } from './wall-clock.js';

export interface EntityExport {
  stream: Readable;
  contentType: string;
  filename: string;
  /** Rows in the file, rows the filters matched, and whether the cap cut the difference. */
  rows: number;
  total: number;
  truncated: boolean;
}

function* messagesOf(conversations: Iterable<ConversationRecord>, limit: number, media: MediaLink): Generator<MessageRow> {
  let n = 0;
  for (const conversation of conversations) {
    for (const message of conversation.messages) {
      if (n++ >= limit) return;
      // Files as signed links valid 7 days (spec 2.6, 8).
      const files = message.attachments?.map((a) => ({ ...a, ...media(conversation.project_id, a) }));
      yield { conversation, message: files ? { ...message, attachments: files } : message };
    }
  }
}

const IDENTITIES: IdentityField[] = ['email', 'phone', 'external_id'];

export function createEntityExports(ctx: Pick<AppContext, 'store' | 'services' | 'config'>, limit = ENTITY_EXPORT_ROW_LIMIT) {
  async function labelNames(projectId: string) {
    const names = new Map((await ctx.store.collection('labels').list(projectId)).map((l) => [l.id, l.name]));
    return (id: string) => names.get(id) ?? id;
  }

  /** `timeZone`: the organization's, whose clock the spreadsheet formats' date-times (and the file name's date) follow. */
  function finish<T>(entity: ExportEntity, format: ExportFormat, source: RowSource<T>, items: Iterable<T>, total: number, timeZone: string): EntityExport {
    const rows = Math.min(total, limit);
    const truncated = total > limit;
    const note = truncated ? `Cut at the export limit: ${rows} of ${total} rows (the newest). Narrow the filters to export the rest.` : undefined;
    const title = entity[0].toUpperCase() + entity.slice(1);
    const date = localDate(Date.now(), timeZone);
    return {
      stream: exportStream({ source, items, title, note, timeZone }, format),
      contentType: CONTENT_TYPES[format],
      filename: `${entity}-${date}.${format}`,
      rows,
      total,
      truncated,
    };
  }

  async function conversationsOrMessages(projectId: string, entity: 'conversations' | 'messages', format: ExportFormat, query: Query<ConversationRecord>) {
    const stored = ctx.store.collection('conversations');
    const zone = await orgTimeZoneOf(ctx, projectId);
    const newest: Query<ConversationRecord> = { ...query, order: { desc: true } };
    if (entity === 'messages') {
      // Every matching conversation's messages count towards the total.
      const { items } = await stored.query(projectId, newest);
      const messages = items.reduce((n, c) => n + c.messages.length, 0);
      return finish(entity, format, messageRows, messagesOf(items, limit, await exportMediaLinks(ctx)), messages, zone);
    }
    const total = await stored.count(projectId, { ...query, arrays: false });
    const { items } = await stored.query(projectId, { ...newest, limit });
    return finish(entity, format, conversationRows(await labelNames(projectId)), items, total, zone);
  }

  return {
    conversations(projectId: string, entity: 'conversations' | 'messages', query: ConversationExportQuery): Promise<EntityExport> {
      const { format = 'csv', ...filters } = query;
      return conversationsOrMessages(projectId, entity, format, listQuery(filters));
    },

    /** The inbox's selected conversations (the batch bar); unknown or hidden ids are skipped. */
    selected(projectId: string, entity: 'conversations' | 'messages', ids: readonly string[], format: ExportFormat): Promise<EntityExport> {
      const wanted = new Set(ids.map((id) => id.toLowerCase()));
      return conversationsOrMessages(projectId, entity, format, { ...listQuery({}), filter: (c) => wanted.has(c.id) });
    },

    async users(projectId: string, query: UserExportQuery): Promise<EntityExport> {
      const { format = 'csv', ...filters } = query;
      const wanted = IDENTITIES.filter((f) => filters[f] !== undefined).map((f) => [f, canonicalIdentity(f, filters[f]!)] as const);
      const matching: Query<User> = wanted.length ? { filter: (u) => wanted.every(([f, v]) => u[f] === v) } : {};
      const users = ctx.store.collection('users');
      const pool = await ctx.services.users.poolOf(projectId);
      const total = await users.count(pool, matching);
      const { items } = await users.query(pool, { ...matching, order: { desc: true }, limit });
      return finish('users', format, userRows, items, total, await orgTimeZoneOf(ctx, projectId));
    },
  };
}

export type EntityExports = ReturnType<typeof createEntityExports>;
