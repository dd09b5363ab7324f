// Small display helpers shared by the list and the detail.
import type { Conversation, User } from '../../shared/schemas/entities.js';
import { holderOf, waitingForHuman, type Holder } from '../../shared/holder.js';

const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/**
 * "5 minutes ago". `now` is models/clock.ts, which ticks every 30 seconds, so a fresh event is up to
 * 30 s in its future (and the server's clock may be a little ahead): anything under a minute old, or
 * up to five minutes ahead, reads "just now" rather than a count of seconds that is not kept true.
 */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const s = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(s);
  if (s > -60 && s <= 300) return 'just now';
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86_400), 'day');
}

export const fullTime = (iso: string) => new Date(iso).toLocaleString();

export const STATUS_TEXT: Record<Conversation['status'], string> = { active: 'Active', resolved: 'Resolved', escalated: 'Escalated', abandoned: 'Abandoned' };

/**
 * Who has an open conversation, as its chip says it (shared/holder.ts): a person of the team holds
 * it, or it waits in the team's queue for one (also escalated while the AI still answers). A closed
 * conversation keeps its holder only to route a reopen, so its chip says nothing of it.
 */
export function holderText(c: Pick<Conversation, 'status' | 'operator_active' | 'assignee_id' | 'holder' | 'hidden'>): { holder: Holder; text: string; title: string } | null {
  if (c.status === 'resolved' || c.status === 'abandoned') return null;
  const holder = holderOf(c);
  if (holder === 'operator') return { holder, text: 'with a person', title: 'A person of the team has it; the AI is quiet' };
  if (holder === 'queue') return { holder, text: 'queued', title: 'Waiting in the queue for a person; nobody of the team has it yet, the AI is quiet' };
  if (waitingForHuman(c)) return { holder, text: 'queued', title: 'Waiting in the queue for a person; the AI answers meanwhile' };
  return null;
}
/** Who answered the visitor, in plain words (docs/operators.md "AI involvement"). */
export const INVOLVEMENT_TEXT: Record<Conversation['ai_involvement'], string> = {
  autonomous: 'AI only',
  public: 'AI and team',
  private: 'Team with AI drafts',
  not_involved: 'Team only',
};

/** A conversation's channel type as people say it; an unknown one as it is. */
export const channelText = (type: string) => ({ website_widget: 'Website widget', api: 'API' })[type] ?? type;

export function ratingText(r: Conversation['rating']): string | null {
  if (r === null) return null;
  if (r === 'abandoned') return 'Rating: abandoned';
  if (r === 'unoffered') return 'Rating: not offered';
  return `Rated ${r} of 5`;
}

/**
 * The topic, else who the visitor is when known (name, e-mail, external id), else a short id: the
 * id's end, its random part. Ids are UUIDv7 (server/lib/ids.ts), whose first eight digits are the
 * time, the same for every visitor who arrived within the same minute.
 */
export function conversationTitle(c: Conversation, u?: User | null): string {
  if (c.topic) return c.topic;
  const name = u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email || u.external_id : null;
  return name || `Visitor ${c.user_id.slice(-8)}`;
}
