// Serialised conversation summaries, cached per stored record. Store documents are shared and
// never mutated (every change replaces the document, server/store/types.ts), so the record object
// itself is a safe cache key: a changed conversation is a new object and gets a fresh string, and a
// dropped one is collected with its entry. A list page is then a join of cached strings — the list
// call is the one integrators poll, and serialising 20 full conversations was most of its cost
// (bench:api). Only the properties of the public Conversation schema go out (never `messages`), and
// on the list the latest reply's preview (`last_message`).
import { ConversationSchema, type ConversationRecord } from '../../../shared/schemas/entities.js';
import type { LastMessage } from '../../../shared/schemas/inbox.js';
import type { Page } from './paginate.js';

const FIELDS = Object.keys(ConversationSchema.properties);
const cache = new WeakMap<ConversationRecord, string>();

export function summaryJson(record: ConversationRecord): string {
  let json = cache.get(record);
  if (json === undefined) {
    const out: Record<string, unknown> = {};
    for (const f of FIELDS) {
      const v = (record as unknown as Record<string, unknown>)[f];
      if (v !== undefined) out[f] = v;
    }
    json = JSON.stringify(out);
    cache.set(record, json);
  }
  return json;
}

const PREVIEW = 200;
const listCache = new WeakMap<ConversationRecord, string>();

/** The latest visitor, AI or team reply (not notes), cut to a preview: the inbox row's second line. */
export function lastMessage(record: ConversationRecord): LastMessage | null {
  for (let i = record.messages.length - 1; i >= 0; i--) {
    const m = record.messages[i];
    if (m.type !== 'message') continue;
    const text = m.content.replace(/\s+/g, ' ').trim();
    return { role: m.role, content: text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text, created_at: m.created_at };
  }
  return null;
}

/** A list item: the summary plus `last_message`. */
export function listItemJson(record: ConversationRecord): string {
  let json = listCache.get(record);
  if (json === undefined) {
    json = `${summaryJson(record).slice(0, -1)},"last_message":${JSON.stringify(lastMessage(record))}}`;
    listCache.set(record, json);
  }
  return json;
}

export function pageJson(page: Page<ConversationRecord>): string {
  let body = '{"data":[';
  for (let i = 0; i < page.data.length; i++) body += (i ? ',' : '') + listItemJson(page.data[i]);
  return `${body}],"has_more":${page.has_more}}`;
}
