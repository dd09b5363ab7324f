// The open period's usage, counted incrementally (docs/billing.md "What is billed"). The full
// recount (usage.ts countUsage) reads every message of every conversation of the period: at 20,000
// conversations that is a third of a second on each Billing page view and each tick. Here each
// conversation's billed reply times are remembered under its record's version (the message
// sequence, the message count and the last change), and the period is summed from the conversation
// list: only a conversation whose record changed since has its messages read again.
//
// Nothing here is a counter: every figure is still summed from the durable records on every call,
// and what is remembered is a pure function of a record version the store reports, so a reply
// written by another instance, a conversation marked as spam, deleted or moved out of the period
// is reflected on the next call on every instance. Invoices are closed with the full recount.
import type { ParleyStore } from '../../store/index.js';
import type { Cursor } from '../../store/types.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import { DAY_MS } from './periods.js';
import { emptyUsage } from './pricing.js';
import { categoryOf, isBilledMessage, type PeriodUsage } from './usage.js';

interface Remembered {
  /** The record's version: its message sequence, message count and last change. */
  seq: number;
  count: number;
  updated: string;
  /** The count (call) that last listed it. */
  listed: number;
  created: number;
  /** The last message's time, or null without messages. */
  last: number | null;
  /** Times (ms) of the conversation's billed replies at or after `since`, whatever its category (read fresh each time). */
  replies: number[];
  /** Replies before this were left out (a period starting earlier reads the record again). */
  since: number;
}

const NONE: number[] = [];

const current = (e: Remembered, c: ConversationRecord) => e.seq === c.last_seq && e.count === c.message_count && e.updated === c.updated_at;

/** Conversations read per page of the list without messages. */
const PAGE = 2000;

export interface UsageCounterOptions {
  /**
   * How the conversations are listed. 'documents' (the embedded store): every document is in memory
   * and the list hands them over as they are, messages included, at no cost. 'light' (PostgreSQL):
   * the list without messages, from the index on the last activity, so only changed conversations
   * travel with their messages.
   */
  listing: 'documents' | 'light';
}

export function createUsageCounter(store: ParleyStore, options: UsageCounterOptions = { listing: 'documents' }) {
  const conversations = store.collection('conversations');
  /** Per organization: conversation id → what its record at a version says. */
  const memo = new Map<string, Map<string, Remembered>>();
  let calls = 0;

  async function remember(projectId: string, c: ConversationRecord, since: number, call: number): Promise<Remembered | null> {
    // A light listing carries no messages: read the whole record.
    const full = options.listing === 'light' ? await conversations.get(projectId, c.id) : c;
    // Deleted between the list and this read: nothing to bill any more.
    if (!full) return null;
    const last = full.last_message_at ? Date.parse(full.last_message_at) : null;
    // Idle since before the period (most of an old organization's conversations): only its times are kept.
    const replies = last === null || last < since ? NONE : full.messages.filter(isBilledMessage).map((m) => Date.parse(m.created_at)).filter((t) => t >= since);
    return { seq: full.last_seq, count: full.message_count, updated: full.updated_at, listed: call, created: Date.parse(full.created_at), last, replies, since };
  }

  /** The project's conversations a page at a time (one await per page, not per conversation). */
  async function* listed(projectId: string, start: string): AsyncGenerator<ConversationRecord[]> {
    if (options.listing === 'documents') {
      yield await conversations.list(projectId);
      return;
    }
    let after: Cursor | undefined;
    do {
      // A conversation with a message in the period has its last activity at or after its start.
      const page = await conversations.query(projectId, { where: { last_activity: { gte: start } }, arrays: false, limit: PAGE, ...(after ? { after } : {}) });
      yield page.items;
      after = page.next ?? undefined;
    } while (after);
  }

  /** Same answer as countUsage(store, …) for the same records (usage-memo.test.ts holds them to it). */
  return async function countOpenPeriod(organizationId: string, start: string, end: string, legacy: boolean): Promise<PeriodUsage> {
    const from = Date.parse(start);
    const to = Date.parse(end);
    const usage = emptyUsage();
    const days = Math.max(1, Math.ceil((to - from) / DAY_MS));
    const perDay = Array.from({ length: days }, () => ({ chat_messages: 0, ticketing_messages: 0, generated_messages: 0 }));
    const projects = await store.collection('projects').list(organizationId);
    usage.projects = projects.length;
    const known = memo.get(organizationId) ?? new Map<string, Remembered>();
    memo.set(organizationId, known);
    const call = ++calls;
    let listedNow = 0;
    for (const project of projects) {
      for await (const page of listed(project.id, start)) {
        for (const c of page) {
          const category = categoryOf(c, legacy);
          if (!category) continue;
          let entry = known.get(c.id);
          if (!entry || !current(entry, c) || entry.since > from) {
            entry = (await remember(project.id, c, from, call)) ?? undefined;
            if (!entry) continue;
            known.set(c.id, entry);
          }
          entry.listed = call;
          listedNow += 1;
          if (entry.last === null || entry.last < from || entry.created >= to) continue;
          for (const t of entry.replies) {
            if (t < from || t >= to) continue;
            usage[category] += 1;
            perDay[Math.floor((t - from) / DAY_MS)]![category] += 1;
          }
        }
      }
    }
    // Only what is still listed is kept: deleted conversations (and, listed light, idle ones) drop out.
    if (known.size > listedNow) for (const [id, e] of known) if (e.listed !== call) known.delete(id);
    return {
      usage,
      daily: perDay.map((d, i) => ({
        date: new Date(from + i * DAY_MS).toISOString().slice(0, 10),
        messages: d.chat_messages + d.ticketing_messages + d.generated_messages,
        ...d,
      })),
    };
  };
}
