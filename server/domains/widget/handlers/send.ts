// message.send (docs/architecture.md section 5, spec 5.1). The first message of a visitor creates an anonymous
// user, a session and a conversation (channel_type website_widget; ../first-message.ts); the user and session tokens are
// issued then (session.tokens). `message.ack` is sent only after the durable write. A repeated
// client_id acks the stored message instead of adding one — also for a first message whose ack was
// lost before the visitor got a session token: the device remembers which conversation it created.
// Then the handover machine has its say before any AI reply is asked for (docs/operators.md
// "Handover"): a closed conversation reopens to whoever had it, and a message sent with the widget's
// "Talk to a person" (`handoff: true`) puts it in the team's queue instead of asking the AI.
import type { FrameHandler, Gateway } from '../gateway.js';
import type { Connection } from '../connection.js';
import type { SendFrame } from '../../../../shared/protocol.js';
import type { ConversationRecord, Message } from '../../../../shared/schemas/entities.js';
import { AppError } from '../../../errors.js';
import { summary } from '../../conversations/service.js';
import { conversationForVisitor } from '../../../../shared/visibility.js';
import { assertVerifiedIfRequired } from './identity.js';
import { saveVisitorAttributes } from './page.js';
import { operatorsOf } from '../../operators/service.js';
import { handoffMode } from '../channel-config.js';
import { getDevice, getSession } from '../visitors.js';
import { startVisitorConversation } from '../first-message.js';

function limitMessages(frame: SendFrame, conn: Connection, gw: Gateway) {
  const v = gw.requireVisitor(conn);
  gw.limit(`msg:device:${v.projectId}:${v.deviceId}`, gw.limits.messages_per_minute_per_device, frame.client_id);
  gw.limit(`msg:ip:${conn.ip}`, gw.limits.messages_per_minute_per_ip, frame.client_id);
}

function ack(conn: Connection, clientId: string, message: Message, record: ConversationRecord) {
  conn.send({ type: 'message.ack', client_id: clientId, message, conversation: conversationForVisitor(summary(record)) });
}

/** A first message sent again (lost ack): the conversation it created, if this device created one. */
async function replayFirstSend(frame: SendFrame, conn: Connection, gw: Gateway): Promise<boolean> {
  const v = gw.requireVisitor(conn);
  const device = await getDevice(gw.ctx, v.projectId, v.deviceId);
  const earlier = device?.first_sends.find((s) => s.client_id === frame.client_id);
  if (!earlier) return false;
  const session = await getSession(gw.ctx, v.projectId, earlier.session_id);
  const record = await gw.ctx.services.conversations.get(v.projectId, earlier.conversation_id);
  const message = record?.messages.find((m) => m.client_id === frame.client_id);
  if (!session || session.revoked_at || !record || !message) return false;
  // The device proved it sent this message: give it back the session that owns the conversation.
  v.sessionId = session.id;
  v.userId = session.user_id;
  await gw.issueTokens(conn, () => {
    gw.subscribe(conn, record.id);
    ack(conn, frame.client_id, message, record);
  });
  return true;
}

/** After a new visitor message is stored: reopen, hand over (the widget's control), or ask the AI. */
async function afterVisitorMessage(frame: SendFrame, conn: Connection, gw: Gateway, record: ConversationRecord) {
  const v = gw.requireVisitor(conn);
  const ops = operatorsOf(gw.ctx);
  const current = (await ops.handover.reopened(record)) ?? record;
  if (frame.handoff && handoffMode(v.channel) !== 'off') await ops.escalateFromHandoff(current, 'button');
  else gw.reply(conn, v.projectId, record.id);
}

async function startConversation(frame: SendFrame, conn: Connection, gw: Gateway) {
  const { ctx } = gw;
  const v = gw.requireVisitor(conn);
  if (await replayFirstSend(frame, conn, gw)) return;
  // Stored all together or not at all (../first-message.ts): if it fails there is no ack and
  // nothing was stored (a re-send of the message starts again).
  const sender = { ...v, userAgent: conn.userAgent ?? null };
  const [{ record, userId, sessionId }] = await Promise.all([
    startVisitorConversation(ctx, sender, { content: frame.content, client_id: frame.client_id }),
    saveVisitorAttributes(gw, v),
  ]);
  v.userId = userId;
  v.sessionId = sessionId;
  // Everything above is durable now: tokens first, so the widget has its cookies when the ack lands.
  // Tokens and ack leave in one socket write (docs/architecture.md section 5).
  await gw.issueTokens(conn, () => {
    gw.subscribe(conn, record.id);
    ack(conn, frame.client_id, record.messages[0], record);
  });
  await afterVisitorMessage(frame, conn, gw, record);
}

export const send: FrameHandler<'message.send'> = async (frame, conn, gw) => {
  const v = gw.requireVisitor(conn);
  limitMessages(frame, conn, gw);
  await assertVerifiedIfRequired(gw, v, frame.client_id);
  if (!frame.content.trim()) {
    throw new AppError('invalid_frame', 'Invalid message.send frame: content must not be blank', { client_id: frame.client_id });
  }
  if (!frame.conversation_id) {
    return gw.exclusive(`first:${v.projectId}:${v.deviceId}`, () => startConversation(frame, conn, gw));
  }
  const record = await gw.requireConversation(conn, frame.conversation_id, frame.client_id);
  let result;
  try {
    // The ack carries the stored message: this socket gets no message.created echo of it.
    result = await conn.withoutEcho(record.id, frame.client_id, () =>
      gw.ctx.services.conversations.append(v.projectId, record.id, { role: 'user', content: frame.content, client_id: frame.client_id }),
    );
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { ...err.extras, client_id: frame.client_id }, err.status);
    throw err;
  }
  const fresh = (await gw.ctx.services.conversations.get(v.projectId, record.id)) ?? record;
  await gw.issueTokens(conn, () => {
    gw.subscribe(conn, record.id);
    ack(conn, frame.client_id, result.message, fresh);
  });
  if (!result.duplicate) await afterVisitorMessage(frame, conn, gw, fresh);
};
