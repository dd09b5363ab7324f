// Billed usage counted from the durable message records (spec 8.1 rules 1–3; docs/billing.md
// "What is billed"), never from a counter that could drift: a period can be recounted at any time
// and gives the same answer. Only conversations with a message inside the period are read (their
// last message is at or after its start), so a period's count reads that period's conversations.
import type { ParleyStore } from '../../store/index.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import { DAY_MS } from './periods.js';
import { emptyUsage, type Usage } from './pricing.js';
import { channelKind } from '../../../shared/channel-types.js';

export interface PeriodUsage {
  usage: Usage;
  /** Billed messages per UTC day of the period, oldest first (the console's chart). */
  daily: { date: string; messages: number; chat_messages: number; ticketing_messages: number; generated_messages: number }[];
}

/** A ticketing or CRM-case integration's conversations (spec 2.12 "Ticketing Messages"): Zendesk, Zammad, Salesforce. */
const isTicketing = (c: ConversationRecord) => {
  // A channel type named for its kind (`ticketing_…`, `crm_…`, as records made over the API may be) counts too.
  const kind = channelKind(c.channel_type);
  return kind.startsWith('ticketing') || kind.startsWith('crm');
};

/**
 * The category an AI reply of this conversation is billed under, or null when it is not billed.
 * Spam is never billed (rule 2); simulations and guidance tests always at the Chat rate (rule 3).
 */
export function categoryOf(c: ConversationRecord, legacy: boolean): 'chat_messages' | 'ticketing_messages' | 'generated_messages' | null {
  if (c.spam) return null;
  if (legacy) return 'generated_messages';
  if (c.simulation) return 'chat_messages';
  return isTicketing(c) ? 'ticketing_messages' : 'chat_messages';
}

/** Rule 1: an AI-generated reply, never a visitor's or a person's message, nor the AI's notes for the team. */
export const isBilledMessage = (m: ConversationRecord['messages'][number]) => m.role === 'assistant' && m.type === 'message';

export async function countUsage(store: ParleyStore, organizationId: string, start: string, end: string, legacy: boolean): Promise<PeriodUsage> {
  const from = Date.parse(start);
  const to = Date.parse(end);
  const usage = emptyUsage();
  const days = Math.max(1, Math.ceil((to - from) / DAY_MS));
  const perDay = Array.from({ length: days }, () => ({ chat_messages: 0, ticketing_messages: 0, generated_messages: 0 }));
  const projects = await store.collection('projects').list(organizationId);
  usage.projects = projects.length;
  const conversations = store.collection('conversations');
  for (const project of projects) {
    for (const c of await conversations.list(project.id)) {
      if (!c.last_message_at || Date.parse(c.last_message_at) < from || Date.parse(c.created_at) >= to) continue;
      const category = categoryOf(c, legacy);
      if (!category) continue;
      for (const m of c.messages) {
        const t = Date.parse(m.created_at);
        if (t < from || t >= to || !isBilledMessage(m)) continue;
        usage[category] += 1;
        perDay[Math.floor((t - from) / DAY_MS)]![category] += 1;
      }
    }
  }
  return {
    usage,
    daily: perDay.map((d, i) => ({
      date: new Date(from + i * DAY_MS).toISOString().slice(0, 10),
      messages: d.chat_messages + d.ticketing_messages + d.generated_messages,
      ...d,
    })),
  };
}
