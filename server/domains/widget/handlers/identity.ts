// identity.identify and identity.logout (spec 2.4, spec 5.1; docs/identity.md).
//
// identify: the site owner's page passes the visitor's identity with its backend's signatures (or a
// short-lived JWT); domains/identity decides who the visitor is and moves anonymous conversations
// only on a verified identity. The connection then acts as that user. Before any interaction the
// binding stays in memory (spec 5.1: user and session cookies only after interaction; message.send
// creates the session for this user); with a session, the session follows the user — or, when the
// visitor switched to a different verified person, the old session is revoked and a new one starts.
//
// logout: revokes the session, drops the conversation subscriptions and rotates the device binding:
// a fresh session.welcome carries a new device token and no user, session or conversation, so the
// widget (which has already wiped its cookies and state) starts over as a new anonymous visitor.
import type { FrameHandler, Gateway } from '../gateway.js';
import type { Connection, VisitorState } from '../connection.js';
import { newId, now } from '../../../lib/ids.js';
import { widgetChannelConfig } from '../channel-config.js';
import { requireVerifiedVisitor } from '../first-message.js';
import { orgLanguageOf } from '../../org/settings-of.js';
import { DEVICE_TTL_DAYS } from '../tokens.js';
import { createSession, getSession, updateSession } from '../visitors.js';
import { revokeDevice, revokeSession } from '../revocation.js';

const IDENTIFY_PER_MINUTE = 12;
/** Conversations of an identified user the new session may reopen (most recent first). */
const RESUME_LIMIT = 20;

/** A channel that requires verification refuses chat from a visitor who is not verified (spec 2.4). */
export async function assertVerifiedIfRequired(gw: Gateway, v: VisitorState, clientId?: string): Promise<void> {
  const channel = (await gw.ctx.services.projects.getChannelByFrameId(v.frameId)) ?? v.channel;
  await requireVerifiedVisitor(gw.ctx, channel, v.projectId, v.userId, clientId ? { client_id: clientId } : {});
}

async function widgetConversationsOf(gw: Gateway, v: VisitorState, userId: string): Promise<string[]> {
  const all = await gw.ctx.services.conversations.list(v.projectId);
  return all
    .filter((c) => c.user_id === userId && c.channel_type === 'website_widget' && !c.hidden)
    .map((c) => c.id)
    .slice(-RESUME_LIMIT);
}

export const identify: FrameHandler<'identity.identify'> = async (frame, conn, gw) => {
  const v = gw.requireVisitor(conn);
  gw.limit(`identify:${v.projectId}:${v.deviceId}`, IDENTIFY_PER_MINUTE);
  // The current secret: it may have been rotated since this connection said hello.
  const channel = (await gw.ctx.services.projects.getChannelByFrameId(v.frameId)) ?? v.channel;
  v.channel = channel;
  const { type: _type, ...input } = frame;
  const before = v.userId ? await gw.ctx.services.users.get(v.projectId, v.userId) : undefined;
  const result = await gw.ctx.services.identity.identify(v.projectId, channel, v.userId, input);
  const user = result.user;
  // Verified as somebody else before: a different person, whose session must not carry over.
  const switched = Boolean(before && before.id !== user.id && (before.email_signed || before.phone_signed || before.external_id_signed));

  if (v.sessionId && v.userId !== user.id) {
    const session = await getSession(gw.ctx, v.projectId, v.sessionId);
    const own = result.verified_fields.length ? await widgetConversationsOf(gw, v, user.id) : [];
    if (session && !switched) {
      // Same visitor, now known: the session follows the user and may reopen their conversations.
      await updateSession(gw.ctx, v.projectId, session.id, (doc) => ({
        ...doc,
        user_id: user.id,
        conversation_ids: [...new Set([...doc.conversation_ids, ...own])],
        last_seen_at: now(),
      }));
    } else {
      // Another person on this browser: the previous person's session ends here. This connection
      // moves to the new session first, so the revocation's re-check (gateway-grants.ts) closes only
      // the previous person's other tabs, not this one.
      conn.unsubscribeAll();
      const fresh = await createSession(gw.ctx, v.projectId, { id: newId(), frame_id: v.frameId, device_id: v.deviceId, user_id: user.id, page: v.page, conversation_ids: own });
      v.sessionId = fresh.id;
      v.userId = user.id;
      if (session) await revokeSession(gw.ctx, v.projectId, session.id);
    }
  }
  v.userId = user.id;
  conn.send({
    type: 'identity.updated',
    user: { id: user.id, email_signed: user.email_signed, phone_signed: user.phone_signed, external_id_signed: user.external_id_signed },
  });
  await gw.issueTokens(conn);
};

export const logout: FrameHandler<'identity.logout'> = async (_frame, conn, gw) => {
  const v = gw.requireVisitor(conn);
  const { sessionId, deviceId } = v;
  // This connection becomes the new anonymous visitor before the old grants are revoked, so the
  // revocation closes the signed-out visitor's other tabs (4401) and not this one.
  conn.unsubscribeAll();
  v.deviceId = newId();
  v.userId = null;
  v.sessionId = null;
  if (sessionId) await revokeSession(gw.ctx, v.projectId, sessionId);
  // The old device id is retired too: its device and user tokens (which carry no session) would
  // otherwise still bind the signed-out user on a hello.
  await revokeDevice(gw.ctx, v.projectId, v.frameId, deviceId);
  await welcomeNewDevice(conn, gw, v);
};

async function welcomeNewDevice(conn: Connection, gw: Gateway, v: VisitorState) {
  const signer = await gw.signer();
  const channel = (await gw.ctx.services.projects.getChannelByFrameId(v.frameId)) ?? v.channel;
  conn.send({
    type: 'session.welcome',
    device_token: signer.sign({ kind: 'device', frame_id: v.frameId, device_id: v.deviceId }, DEVICE_TTL_DAYS),
    user_token: null,
    session_token: null,
    channel: widgetChannelConfig(channel, v.locales, await orgLanguageOf(gw.ctx, v.projectId)),
    conversation: null,
    messages: [],
  });
}
