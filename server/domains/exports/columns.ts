// What a row of each entity export holds (spec 4.1): the columns of the tabular formats (CSV, .xlsx,
// Markdown) and the JSON object of a JSONL line. Rows are made one at a time from the stored
// records, so an export never holds more than one row besides the store's own documents.
import type { ConversationRecord, Message, User } from '../../../shared/schemas/entities.js';
import { lastMessage, summaryJson } from '../conversations-api/serialize.js';
import { toDate, type Cell } from './cells.js';

export interface Column {
  name: string;
  /** Date columns get a date number format in .xlsx. */
  date?: boolean;
  width?: number;
}

/**
 * A column's header in the tabular formats. A date column names the zone its times are read in,
 * e.g. `created_at (Europe/Berlin)`: a CSV or a sheet has no other place a spreadsheet user is sure
 * to see (a first line of notes would break every CSV reader's header row, a cell comment is .xlsx
 * only), and the header travels with the column when it is copied elsewhere. UTC is named too, so
 * no file leaves its zone to be guessed.
 */
export const headerOf = (column: Column, timeZone: string) => (column.date ? `${column.name} (${timeZone})` : column.name);

export interface RowSource<T> {
  columns: Column[];
  cells(item: T): Cell[];
  json(item: T): string;
}

const list = (values: readonly string[]) => values.join('; ');

export function conversationRows(labelName: (id: string) => string): RowSource<ConversationRecord> {
  return {
    columns: [
      { name: 'id', width: 38 },
      { name: 'created_at', date: true, width: 20 },
      { name: 'updated_at', date: true, width: 20 },
      { name: 'status' },
      { name: 'holder' },
      { name: 'channel_type' },
      { name: 'user_id', width: 38 },
      { name: 'assignee_id', width: 38 },
      { name: 'ai_involvement' },
      { name: 'rating' },
      { name: 'rating_feedback', width: 30 },
      { name: 'topic' },
      { name: 'labels', width: 20 },
      { name: 'tags', width: 20 },
      { name: 'message_count' },
      { name: 'last_message_at', date: true, width: 20 },
      { name: 'last_message', width: 60 },
    ],
    cells: (c) => [
      c.id,
      toDate(c.created_at),
      toDate(c.updated_at),
      c.status,
      c.holder ?? null,
      c.channel_type,
      c.user_id,
      c.assignee_id ?? null,
      c.ai_involvement,
      c.rating,
      c.rating_feedback,
      c.topic,
      list(c.labels.map(labelName)),
      list(c.tags),
      c.messages.length,
      toDate(c.last_message_at),
      lastMessage(c)?.content ?? null,
    ],
    // The list's public shape (cached per record), never the stored messages.
    json: (c) => summaryJson(c),
  };
}

export interface MessageRow {
  conversation: ConversationRecord;
  message: Message;
}

export const messageRows: RowSource<MessageRow> = {
  columns: [
    { name: 'conversation_id', width: 38 },
    { name: 'id', width: 38 },
    { name: 'seq' },
    { name: 'created_at', date: true, width: 20 },
    { name: 'role' },
    { name: 'type' },
    { name: 'author' },
    { name: 'outcome' },
    { name: 'content', width: 80 },
    { name: 'sources', width: 30 },
    { name: 'attachments', width: 60 },
  ],
  cells: ({ message: m }) => [
    m.conversation_id,
    m.id,
    m.seq,
    toDate(m.created_at),
    m.role,
    m.type,
    m.author?.name ?? null,
    m.outcome ?? null,
    m.content,
    list(m.sources.map((s) => s.title)),
    // Signed links that expire after 7 days (entity.ts adds them; spec 2.6, 8).
    list((m.attachments ?? []).map((a) => (a as { url?: string }).url ?? a.name)),
  ],
  json: ({ message: m }) => {
    // The guidance trace is the team's debugging aid, not conversation content.
    const { guidance: _g, ...rest } = m;
    return JSON.stringify(rest);
  },
};

export const userRows: RowSource<User> = {
  columns: [
    { name: 'id', width: 38 },
    { name: 'created_at', date: true, width: 20 },
    { name: 'first_name' },
    { name: 'last_name' },
    { name: 'email', width: 28 },
    { name: 'phone' },
    { name: 'external_id' },
    { name: 'timezone' },
    { name: 'locales' },
    { name: 'labels' },
    { name: 'last_seen_at', date: true, width: 20 },
    { name: 'external_attributes', width: 40 },
  ],
  cells: (u) => [
    u.id,
    toDate(u.created_at),
    u.first_name,
    u.last_name,
    u.email,
    u.phone,
    u.external_id,
    u.timezone,
    list(u.locales),
    list(u.labels),
    toDate(u.last_seen_at),
    Object.keys(u.external_attributes).length ? JSON.stringify(u.external_attributes) : null,
  ],
  json: (u) => JSON.stringify(u),
};
