// session.hello → session.welcome (docs/architecture.md section 5, spec 5.1). Checks the frame id and the
// page Origin, verifies the visitor's server-signed tokens, and answers with the channel config, the
// conversation and the messages after last_seq (resume). Tokens that fail verification (forged,
// expired, of another frame or device, revoked session) are dropped: the visitor continues as a new
// anonymous one, told so by an `invalid_token` error frame before the welcome.
import type { FrameHandler } from '../gateway.js';
import type { ConversationRecord, Message } from '../../../../shared/schemas/entities.js';
import { AppError } from '../../../errors.js';
import { conversationForVisitor, messageForVisitor, visibleToVisitor } from '../../../../shared/visibility.js';
import { newId } from '../../../lib/ids.js';
import { summary } from '../../conversations/service.js';
import { createToolCallService } from '../../mcp/tool-calls.js';
import { visitorToolCall } from '../../../../shared/schemas/mcp-servers.js';
import { widgetChannelConfig } from '../channel-config.js';
import { orgLanguageOf } from '../../org/settings-of.js';
import { originAllowed } from '../origins.js';
import { DEVICE_TTL_DAYS } from '../tokens.js';
import { deviceRevoked, getSession, pageContext, refreshSession } from '../visitors.js';

/** Resume and history: what the visitor may see (shared/visibility.ts). */
export const visibleMessages = (messages: Message[]) => messages.filter(visibleToVisitor).map(messageForVisitor);

export const hello: FrameHandler<'session.hello'> = async (frame, conn, gw) => {
  if (conn.visitor) throw new AppError('invalid_frame', 'session.hello was already sent on this connection');
  const { ctx } = gw;
  const channel = await ctx.services.projects.getChannelByFrameId(frame.frame_id);
  if (!channel || channel.type !== 'website_widget') {
    conn.error('not_found', `No widget with frame id ${JSON.stringify(frame.frame_id)}`);
    return conn.close(4004, 'unknown frame id');
  }
  const urls = gw.urls();
  if (!originAllowed(channel, conn.origin, urls, conn.selfOrigin, gw.port())) {
    gw.refusedOrigin(channel, conn.origin);
    conn.error('origin_not_allowed', `This widget may not be embedded on ${conn.origin ?? 'a page without an Origin'}: add it to the channel's allowed origins`);
    return conn.close(4003, 'origin not allowed');
  }

  const signer = await gw.signer();
  const frameId = channel.frame_id;
  let rejected = false;
  let device = signer.verify(frame.device_token, 'device', frameId);
  // A device retired by identity.logout is refused like a forged one: copied cookies of a
  // signed-out visitor must not act as that visitor again.
  if (device && (await deviceRevoked(ctx, channel.project_id, device.device_id))) device = null;
  if (frame.device_token && !device) rejected = true;
  const deviceId = device?.device_id ?? newId();

  let userId: string | null = null;
  let userToken: string | null = null;
  const user = device ? signer.verify(frame.user_token, 'user', frameId) : null;
  if (user && user.device_id === deviceId && (await ctx.services.users.get(channel.project_id, user.user_id!))) {
    userId = user.user_id!;
    userToken = frame.user_token!;
  } else if (frame.user_token) rejected = true;

  let sessionId: string | null = null;
  let sessionToken: string | null = null;
  let session = null;
  const claims = device ? signer.verify(frame.session_token, 'session', frameId) : null;
  if (claims && claims.device_id === deviceId && (!userId || claims.user_id === userId)) {
    const doc = await getSession(ctx, channel.project_id, claims.session_id!);
    if (doc && !doc.revoked_at && doc.device_id === deviceId) {
      session = doc;
      sessionId = doc.id;
      sessionToken = frame.session_token!;
      userId ??= doc.user_id;
    }
  }
  if (frame.session_token && !session) rejected = true;

  conn.visitor = {
    channel,
    projectId: channel.project_id,
    frameId,
    deviceId,
    userId,
    sessionId,
    locales: frame.locales ?? [],
    page: frame.page ? pageContext(frame.page) : null,
    attributes: {},
  };
  if (rejected) conn.error('invalid_token', 'Stored visitor tokens were not accepted; continuing as a new visitor');

  // The conversation to show: the one asked for, if this session started it; else the session's latest.
  let record: ConversationRecord | undefined;
  let messages: Message[] = [];
  if (frame.conversation_id) {
    if (session?.conversation_ids.includes(frame.conversation_id)) {
      record = await ctx.services.conversations.get(channel.project_id, frame.conversation_id);
    } else {
      conn.error('forbidden', 'This visitor session did not start that conversation');
    }
  } else if (session) {
    // The latest that exists: a first message's documents are written together (handlers/send.ts),
    // so a failed write can leave the session naming a conversation that was never stored.
    for (let i = session.conversation_ids.length - 1; i >= 0 && !record; i--) {
      record = await ctx.services.conversations.get(channel.project_id, session.conversation_ids[i]);
    }
  }
  if (record) {
    gw.subscribe(conn, record.id);
    const resumeFrom = frame.conversation_id === record.id && frame.last_seq !== undefined ? frame.last_seq : 0;
    messages = visibleMessages(record.messages.filter((m) => m.seq > resumeFrom));
    conn.welcomedUpTo(record.id, record.messages.reduce((max, m) => Math.max(max, m.seq), 0));
  }
  // The visitor is back (spec 2.4 "last seen"); messages update it too (operators/lifecycle.ts).
  // Not awaited: the welcome does not wait for this write.
  if (userId) void ctx.services.users.patch(channel.project_id, userId, { last_seen_at: new Date().toISOString() }).catch(() => undefined);
  if (session) await refreshSession(ctx, channel.project_id, session, { page: conn.visitor.page, userAgent: conn.userAgent, locales: conn.visitor.locales });

  conn.send({
    type: 'session.welcome',
    // Re-signed on every hello, so an active device's 6-month token keeps rolling forward.
    device_token: signer.sign({ kind: 'device', frame_id: frameId, device_id: deviceId }, DEVICE_TTL_DAYS),
    user_token: userToken,
    session_token: sessionToken,
    channel: widgetChannelConfig(channel, conn.visitor.locales, await orgLanguageOf(ctx, channel.project_id)),
    conversation: record ? conversationForVisitor(summary(record)) : null,
    messages,
    // External tool calls waiting for the visitor's answer come back after a reload (spec 2.9).
    ...(record ? { tool_calls: (await createToolCallService(ctx).pending(record.project_id, record.id)).map(visitorToolCall) } : {}),
  });
};
