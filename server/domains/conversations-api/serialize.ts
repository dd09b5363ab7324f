// Serialised conversation summaries, cached per stored record. Store documents are shared and
// never mutated (every change replaces the document, server/store/types.ts), so the record object
// itself is a safe cache key: a changed conversation is a new object and gets a fresh string, and a
// dropped one is collected with its entry. A list page is then a join of cached strings — the list
// call is the one integrators poll, and serialising 20 full conversations was most of its cost
// (bench:api). Only the properties of the public Conversation schema go out (never `messages`).
import { ConversationSchema, type ConversationRecord } from '../../../shared/schemas/entities.js';
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

export function pageJson(page: Page<ConversationRecord>): string {
  let body = '{"data":[';
  for (let i = 0; i < page.data.length; i++) body += (i ? ',' : '') + summaryJson(page.data[i]);
  return `${body}],"has_more":${page.has_more}}`;
}
