// Zendesk as a ticketing channel (docs/channels.md "Zendesk"). In: a webhook subscribed to the
// ticket event `zen:event-type:ticket.comment_added`, signed by Zendesk (signature.ts); a ticket's
// first comment (its description) arrives as one too, so a new ticket and a follow-up are the same
// event. Comments by staff (the agents, this channel's own replies included) and private notes are
// not questions to the agent. Out: the Tickets API, `PUT /api/v2/tickets/{id}` with a `comment`
// (public, or private in private mode) and the predicted fields (fields.ts); a hand-over is a
// private note and the ticket's `group_id` in one update. Authentication is an API token of the
// agent the replies are posted as. Plain fetch (rest.ts): Zendesk's Node client brings its own
// retrying transport for two endpoints this needs.
import type { ChannelPlatform, Inbound, OpenConnection, SendOptions, SendOutcome, Thread } from '../types.js';
import { ZENDESK_FIELDS } from '../../../../shared/channel-types.js';
import { basicAuth, callJson } from '../rest.js';
import { verifyZendeskSignature } from './signature.js';
import { predictZendeskFields } from './fields.js';

const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{0,62}$/i;

const baseOf = (c: OpenConnection) => (c.settings.api_url ? c.settings.api_url.replace(/\/+$/, '') : `https://${c.settings.subdomain}.zendesk.com`);

function call(c: OpenConnection, method: 'GET' | 'PUT', path: string, body?: unknown) {
  return callJson('Zendesk', `${baseOf(c)}/api/v2${path}`, { method, headers: { authorization: basicAuth(`${c.settings.email}/token`, c.credentials.api_token ?? '') }, body });
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function parseZendeskEvent(raw: string, identity: Record<string, string>): Inbound {
  let body: Record<string, any>;
  try {
    body = JSON.parse(raw);
  } catch {
    return { kind: 'ignored', eventId: null, reason: 'the body is not JSON' };
  }
  const eventId = str(body?.id) || null;
  if (body?.type !== 'zen:event-type:ticket.comment_added') return { kind: 'ignored', eventId, reason: `event type ${String(body?.type)}` };
  const ticket = (body.detail ?? {}) as Record<string, unknown>;
  const comment = (body.event?.comment ?? {}) as Record<string, any>;
  const author = (comment.author ?? {}) as Record<string, unknown>;
  if (author.is_staff === true || (identity.user_id && str(author.id) === identity.user_id)) return { kind: 'ignored', eventId, reason: 'a comment by an agent' };
  if (comment.is_public === false) return { kind: 'ignored', eventId, reason: 'a private comment' };
  const text = str(comment.body).trim();
  const ticketId = str(ticket.id);
  const requester = str(author.id) || str(ticket.requester_id);
  if (!eventId || !text || !ticketId || !requester) return { kind: 'ignored', eventId, reason: 'no comment text, ticket or author' };
  // The subject says what a new ticket is about; the agent reads it with the description.
  const first = str(ticket.description).trim() === text && str(ticket.subject).trim();
  return {
    kind: 'message',
    message: {
      eventId,
      workspace: identity.subdomain ?? '',
      requester,
      thread: { channel: identity.subdomain ?? 'zendesk', thread: ticketId },
      text: first && !text.includes(first) ? `${first}\n\n${text}` : text,
      via: 'ticket',
    },
  };
}

/** The ticket update with the predicted fields: `priority`, and `custom:{id}` as a custom field value. */
function withFields(ticket: Record<string, unknown>, fields: Record<string, string> | undefined) {
  const custom = Object.entries(fields ?? {}).filter(([k]) => k.startsWith('custom:')).map(([k, value]) => ({ id: Number(k.slice(7)) || k.slice(7), value }));
  if (custom.length) ticket.custom_fields = custom;
  if (fields?.priority) ticket.priority = fields.priority;
  return ticket;
}

async function update(connection: OpenConnection, ticketId: string, ticket: Record<string, unknown>): Promise<SendOutcome> {
  if (!/^\d{1,20}$/.test(ticketId)) return { ok: false, retry: false, error: `${ticketId} is not a Zendesk ticket number` };
  const res = await call(connection, 'PUT', `/tickets/${ticketId}.json`, { ticket });
  if (!res.ok) return { ok: false, retry: res.retry, error: res.error };
  const audit = res.body.audit as { id?: number } | undefined;
  return { ok: true, retry: false, id: audit?.id !== undefined ? String(audit.id) : undefined };
}

export const zendeskPlatform: ChannelPlatform = {
  type: 'zendesk',
  label: 'Zendesk',
  fields: ZENDESK_FIELDS,
  verify: (request, credentials, nowMs) => verifyZendeskSignature(request.headers, request.raw, credentials.webhook_secret ?? '', nowMs),
  parse: parseZendeskEvent,
  requesterKey: (m) => `zendesk:${m.workspace}`,
  predictFields: predictZendeskFields,

  send(connection, target, text, options?: SendOptions) {
    // A thread is `{subdomain, ticket}`; the console's test send names just the ticket.
    const ticketId = target.thread ?? target.channel;
    const isPublic = !options?.internal && connection.settings.private_mode !== 'on';
    return update(connection, ticketId, { comment: { body: text, public: isPublic } });
  },

  setFields: (connection, thread, fields) => update(connection, thread.thread, withFields({}, fields)),

  handover(connection, thread: Thread, note: string) {
    const group = connection.settings.handoff_group_id;
    return update(connection, thread.thread, { comment: { body: note, public: false }, ...(group ? { group_id: Number(group) || group } : {}) });
  },

  async identify(connection) {
    if (!SUBDOMAIN.test(connection.settings.subdomain ?? '')) return { ok: false, error: 'the subdomain is the part before .zendesk.com (letters, digits, hyphens)' };
    const res = await call(connection, 'GET', '/users/me.json');
    if (!res.ok) return { ok: false, error: res.error };
    const me = (res.body.user ?? {}) as Record<string, unknown>;
    // An unknown email or token answers 200 with the anonymous user (no id); an end user cannot comment as staff.
    if (me.id === null || me.id === undefined) return { ok: false, error: 'Zendesk answered with the anonymous user: check the agent email and the API token' };
    if (me.role === 'end-user') return { ok: false, error: `${str(me.email)} is an end user, not an agent` };
    return { ok: true, identity: { subdomain: connection.settings.subdomain!, user_id: str(me.id), name: str(me.name) } };
  },
};
