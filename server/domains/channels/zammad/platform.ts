// Zammad, the open-source helpdesk, as a ticketing channel (docs/channels.md "Zammad"). In: a
// webhook fired by a trigger on a customer's new article, with Zammad's default payload (`ticket`
// and `article`), signed with `X-Hub-Signature` (signature.ts); the article id is the event id, so a
// trigger firing twice for one article is answered once. Articles by agents (this channel's own
// included) and internal ones are not questions. Out: the REST API with an access token,
// `POST /api/v1/ticket_articles` (a note, public or internal in private mode), and a hand-over as
// `PUT /api/v1/tickets/{id}` with the group and an internal note in one update. Plain fetch (rest.ts):
// Zammad's Ruby and Python clients have no maintained Node counterpart.
import type { ChannelPlatform, Inbound, OpenConnection, SendOutcome } from '../types.js';
import { ZAMMAD_FIELDS } from '../../../../shared/channel-types.js';
import { callJson } from '../rest.js';
import { verifyZammadSignature } from './signature.js';

const baseOf = (c: OpenConnection) => (c.settings.api_url ?? '').replace(/\/+$/, '').replace(/\/api\/v1$/, '');
const hostOf = (c: OpenConnection) => {
  try {
    return new URL(baseOf(c)).host;
  } catch {
    return '';
  }
};

function call(c: OpenConnection, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  return callJson('Zammad', `${baseOf(c)}/api/v1${path}`, { method, headers: { authorization: `Token token=${c.credentials.access_token ?? ''}` }, body });
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** An HTML article as the plain text a person wrote. */
export function plainText(body: string, contentType: string): string {
  if (!contentType.includes('html')) return body.trim();
  return body
    .replace(/<(br|\/div|\/p|\/li)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function parseZammadEvent(raw: string, identity: Record<string, string>): Inbound {
  let body: Record<string, any>;
  try {
    body = JSON.parse(raw);
  } catch {
    return { kind: 'ignored', eventId: null, reason: 'the body is not JSON' };
  }
  const ticket = (body?.ticket ?? {}) as Record<string, unknown>;
  const article = (body?.article ?? {}) as Record<string, unknown>;
  const eventId = str(article.id) ? `article:${str(article.id)}` : null;
  if (!eventId) return { kind: 'ignored', eventId: null, reason: 'no article in the payload (the trigger should fire on a new article)' };
  if (article.sender !== 'Customer' || (identity.user_id && str(article.created_by_id) === identity.user_id)) return { kind: 'ignored', eventId, reason: `an article by ${str(article.sender) || 'someone other than the customer'}` };
  if (article.internal === true) return { kind: 'ignored', eventId, reason: 'an internal article' };
  const text = plainText(str(article.body), str(article.content_type));
  const ticketId = str(ticket.id) || str(article.ticket_id);
  const requester = str(ticket.customer_id) || str(article.origin_by_id) || str(article.created_by_id);
  if (!text || !ticketId || !requester) return { kind: 'ignored', eventId, reason: 'no article text, ticket or customer' };
  const title = Number(ticket.article_count) === 1 ? str(ticket.title).trim() : '';
  return {
    kind: 'message',
    message: {
      eventId,
      workspace: identity.host ?? '',
      requester,
      thread: { channel: identity.host || 'zammad', thread: ticketId },
      text: title && !text.includes(title) ? `${title}\n\n${text}` : text,
      via: 'ticket',
    },
  };
}

const outcome = (res: Awaited<ReturnType<typeof call>>): SendOutcome =>
  res.ok ? { ok: true, retry: false, id: str(res.body.id) || undefined } : { ok: false, retry: res.retry, error: res.error };

const ticketNumber = (id: string) => (/^\d{1,20}$/.test(id) ? Number(id) : null);

export const zammadPlatform: ChannelPlatform = {
  type: 'zammad',
  label: 'Zammad',
  fields: ZAMMAD_FIELDS,
  verify: (request, credentials) => verifyZammadSignature(request.headers, request.raw, credentials.webhook_secret ?? ''),
  parse: parseZammadEvent,
  requesterKey: (m) => `zammad:${m.workspace}`,

  async send(connection, target, text, options) {
    const ticketId = ticketNumber(target.thread ?? target.channel);
    if (ticketId === null) return { ok: false, retry: false, error: `${target.thread ?? target.channel} is not a Zammad ticket id` };
    const internal = options?.internal === true || connection.settings.private_mode === 'on';
    return outcome(await call(connection, 'POST', '/ticket_articles', { ticket_id: ticketId, body: text, content_type: 'text/plain', type: 'note', internal, sender: 'Agent' }));
  },

  async handover(connection, thread, note) {
    const ticketId = ticketNumber(thread.thread);
    if (ticketId === null) return { ok: false, retry: false, error: `${thread.thread} is not a Zammad ticket id` };
    const group = connection.settings.handoff_group;
    const moveTo = !group ? {} : /^\d+$/.test(group) ? { group_id: Number(group) } : { group };
    return outcome(await call(connection, 'PUT', `/tickets/${ticketId}`, { ...moveTo, article: { body: note, content_type: 'text/plain', type: 'note', internal: true, sender: 'Agent' } }));
  },

  async identify(connection) {
    if (!hostOf(connection)) return { ok: false, error: 'the Zammad URL is not a URL' };
    const res = await call(connection, 'GET', '/users/me');
    if (!res.ok) return { ok: false, error: res.error };
    return { ok: true, identity: { host: hostOf(connection), user_id: str(res.body.id), login: str(res.body.login) } };
  },
};
