// Small display helpers shared by the list and the detail.
import type { Conversation, User } from '../../shared/schemas/entities.js';

const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const s = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(s);
  if (abs < 60) return rtf.format(s, 'second');
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86_400), 'day');
}

export const fullTime = (iso: string) => new Date(iso).toLocaleString();

export const STATUS_TEXT: Record<Conversation['status'], string> = { active: 'Active', resolved: 'Resolved', escalated: 'Escalated', abandoned: 'Abandoned' };
export const INVOLVEMENT_TEXT: Record<Conversation['ai_involvement'], string> = { autonomous: 'AI autonomous', public: 'AI public', private: 'AI private', not_involved: 'AI not involved' };

export function ratingText(r: Conversation['rating']): string | null {
  if (r === null) return null;
  if (r === 'abandoned') return 'Rating: abandoned';
  if (r === 'unoffered') return 'Rating: not offered';
  return `Rated ${r} of 5`;
}

/** The topic, else who the visitor is when known (name, e-mail, external id), else a short id. */
export function conversationTitle(c: Conversation, u?: User | null): string {
  if (c.topic) return c.topic;
  const name = u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email || u.external_id : null;
  return name || `Visitor ${c.user_id.slice(0, 8)}`;
}
