// Salesforce Service Cloud cases as a CRM channel (docs/channels.md "Salesforce"). In: a record-
// triggered Flow on a new Case or CaseComment makes an HTTP callout (Flow "HTTP Callout" action
// through a named credential) to the events URL with the record's fields under their API names;
// the named credential's external credential adds the header `X-Parley-Token`, compared in
// constant time (Salesforce signs no callout). The record id is the event id. Comments by the
// integration user (this channel's own) and unpublished ones are not questions. Out: the REST API
// with a token from the OAuth 2.0 client-credentials flow of a connected app (token.ts): a
// `CaseComment` (published, or not in private mode); a hand-over is an unpublished comment and the
// case's `OwnerId` set to the handoff queue. Plain fetch (rest.ts): jsforce would bring a whole
// client with its own session handling for three calls.
import { timingSafeEqual } from 'node:crypto';
import type { ChannelPlatform, Inbound, OpenConnection, SendOutcome } from '../types.js';
import { SALESFORCE_FIELDS } from '../../../../shared/channel-types.js';
import { callJson, type Call } from '../rest.js';
import { accessToken, forgetToken } from './token.js';

export const API_VERSION = 'v60.0';
const CASE_ID = /^500[A-Za-z0-9]{12}([A-Za-z0-9]{3})?$/;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A REST call with the client-credentials token; a 401 forgets the token, and the retry gets a new one. */
async function call(c: OpenConnection, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<Call> {
  const token = await accessToken(c);
  if (!token.ok) return token;
  const res = await callJson('Salesforce', `${token.instanceUrl}${path}`, { method, headers: { authorization: `Bearer ${token.accessToken}` }, body });
  if (!res.ok && res.status === 401) {
    forgetToken(c);
    return { ...res, retry: true };
  }
  return res;
}

export function verifySalesforceToken(headers: Record<string, string | string[] | undefined>, secret: string): string | null {
  const v = headers['x-parley-token'];
  const given = Buffer.from((Array.isArray(v) ? v[0] : v) ?? '');
  const expected = Buffer.from(secret);
  if (!given.length) return 'the X-Parley-Token header is missing (add it to the named credential of the callout)';
  if (!expected.length || given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the X-Parley-Token header does not match the callout token';
  return null;
}

export function parseSalesforceEvent(raw: string, identity: Record<string, string>): Inbound {
  let body: Record<string, any>;
  try {
    body = JSON.parse(raw);
  } catch {
    return { kind: 'ignored', eventId: null, reason: 'the body is not JSON' };
  }
  const kase = (body?.case ?? {}) as Record<string, unknown>;
  const comment = body?.comment as Record<string, unknown> | undefined;
  const caseId = str(kase.Id);
  const eventId = str(comment?.Id) || caseId || null;
  if (!eventId || !caseId) return { kind: 'ignored', eventId, reason: 'no case in the payload' };
  let text: string;
  if (comment) {
    if (identity.user_id && str(comment.CreatedById) === identity.user_id) return { kind: 'ignored', eventId, reason: 'a comment by the integration user' };
    if (comment.IsPublished === false) return { kind: 'ignored', eventId, reason: 'an unpublished comment' };
    text = str(comment.CommentBody).trim();
  } else {
    text = [str(kase.Subject).trim(), str(kase.Description).trim()].filter(Boolean).join('\n\n');
  }
  const requester = str(kase.ContactId) || str(kase.SuppliedEmail);
  if (!text || !requester) return { kind: 'ignored', eventId, reason: 'no text or contact' };
  return {
    kind: 'message',
    message: { eventId, workspace: identity.organization_id ?? '', requester, thread: { channel: identity.organization_id || 'salesforce', thread: caseId }, text, via: 'ticket' },
  };
}

const outcome = (res: Call): SendOutcome => (res.ok ? { ok: true, retry: false, id: str(res.body.id) || undefined } : { ok: false, retry: res.retry, error: res.error });

function comment(c: OpenConnection, caseId: string, text: string, published: boolean) {
  if (!CASE_ID.test(caseId)) return Promise.resolve<Call>({ ok: false, retry: false, error: `${caseId} is not a Salesforce case id` });
  return call(c, 'POST', `/services/data/${API_VERSION}/sobjects/CaseComment`, { ParentId: caseId, CommentBody: text.slice(0, 4000), IsPublished: published });
}

export const salesforcePlatform: ChannelPlatform = {
  type: 'salesforce',
  label: 'Salesforce',
  fields: SALESFORCE_FIELDS,
  verify: (request, credentials) => verifySalesforceToken(request.headers, credentials.callout_token ?? ''),
  parse: parseSalesforceEvent,
  requesterKey: (m) => `salesforce:${m.workspace}`,

  async send(connection, target, text, options) {
    const published = !options?.internal && connection.settings.private_mode !== 'on';
    return outcome(await comment(connection, target.thread ?? target.channel, text, published));
  },

  async handover(connection, thread, note) {
    const noted = await comment(connection, thread.thread, note, false);
    if (!noted.ok || !connection.settings.handoff_queue_id) return outcome(noted);
    return outcome(await call(connection, 'PATCH', `/services/data/${API_VERSION}/sobjects/Case/${thread.thread}`, { OwnerId: connection.settings.handoff_queue_id }));
  },

  async identify(connection) {
    forgetToken(connection);
    const res = await call(connection, 'GET', '/services/oauth2/userinfo');
    if (!res.ok) return { ok: false, error: res.error };
    return { ok: true, identity: { organization_id: str(res.body.organization_id), user_id: str(res.body.user_id), username: str(res.body.preferred_username) } };
  },
};
