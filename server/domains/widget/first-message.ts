// A visitor's first message, which creates their conversation (spec 5.1): typed over the socket
// (handlers/send.ts) or a file sent before anything was typed (attachments/widget-routes.ts). Every
// document is written in one Store.transact (docs/architecture.md section 7 "Transactions"): the
// user, the session, the conversation with the message, the link and the device are stored together
// or not at all, so no crash or failed write leaves a user or session without the conversation that
// made them. The ids are made before the write, so the documents name each other.
import type { AppContext } from '../../context.js';
import type { Collections } from '../../store/index.js';
import type { Transaction } from '../../store/types.js';
import type { Channel, ConversationRecord, User } from '../../../shared/schemas/entities.js';
import type { NewMessage } from '../conversations/service.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { tokenSigner, USER_TTL_DAYS } from './tokens.js';
import { sessionTtlDays } from './channel-config.js';
import { conversationLink, newDevice, newSession, rememberFirstSend, type DeviceDoc, type PageContext, type SessionDoc } from './visitors.js';

/** Who sends the first message: the gateway's visitor state, or what an HTTP request's tokens say. */
export interface FirstSender {
  projectId: string;
  frameId: string;
  channel: Pick<Channel, 'id'>;
  deviceId: string;
  /** Known for a visitor who already has a session (or a user token): no new user then. */
  userId: string | null;
  sessionId: string | null;
  page: PageContext | null;
  locales: string[];
  attributes: Record<string, unknown>;
  userAgent: string | null;
}

export interface FirstMessageOptions {
  /** The conversation's id, when something written before it (a file's bytes) must name it. */
  conversationId?: string;
  /** More documents of the same transaction, given the conversation as stored (a file's record). */
  also?: (tx: Transaction<Collections>, record: ConversationRecord) => void;
}

/** A channel that requires verification refuses chat from a visitor who is not verified (spec 2.4). */
export async function requireVerifiedVisitor(
  ctx: AppContext,
  channel: Pick<Channel, 'require_verified_identity'>,
  projectId: string,
  userId: string | null,
  extras: Record<string, unknown> = {},
) {
  if (!channel.require_verified_identity) return;
  const user = userId ? await ctx.services.users.get(projectId, userId) : undefined;
  if (!user || !(user.email_signed || user.phone_signed || user.external_id_signed)) {
    throw new AppError('verified_identity_required', 'Please sign in on this website to chat: this channel accepts verified visitors only', extras);
  }
}

/**
 * Stores the conversation `message` starts, with the user and session it needs; resolves once it
 * is durable (the webhook events and the bus follow, as for any new conversation). If it fails,
 * nothing was stored.
 */
export async function startVisitorConversation(
  ctx: AppContext,
  v: FirstSender,
  message: Pick<NewMessage, 'content' | 'attachments'> & { client_id: string },
  options: FirstMessageOptions = {},
): Promise<{ record: ConversationRecord; userId: string; sessionId: string }> {
  const userId = v.userId ?? newId();
  const sessionId = v.sessionId ?? newId();
  const conversationId = options.conversationId ?? newId();
  const storeAll = (record: ConversationRecord, user: { pool: string; doc: User } | null) =>
    ctx.store.transact((tx) => {
      tx.create('conversations', v.projectId, record);
      if (user) tx.create('users', user.pool, user.doc);
      if (v.sessionId) {
        tx.update('devices', v.projectId, sessionId, (doc) =>
          doc?.kind === 'session' ? { ...doc, conversation_ids: [...(doc as SessionDoc).conversation_ids, conversationId] } : undefined,
        );
      } else {
        tx.create(
          'devices',
          v.projectId,
          newSession({ id: sessionId, frame_id: v.frameId, device_id: v.deviceId, user_id: userId, page: v.page, user_agent: v.userAgent, locales: v.locales, conversation_ids: [conversationId] }),
        );
      }
      tx.put('devices', v.projectId, conversationLink({ id: conversationId, session_id: sessionId, device_id: v.deviceId, frame_id: v.frameId }));
      tx.update('devices', v.projectId, v.deviceId, (doc) => {
        const device = (doc as DeviceDoc | undefined) ?? newDevice(v.frameId, v.deviceId);
        return {
          ...rememberFirstSend(device, { client_id: message.client_id, conversation_id: conversationId, session_id: sessionId }),
          ...(v.page ? { page: v.page } : {}),
          locales: v.locales.length ? v.locales : device.locales,
          user_agent: v.userAgent ?? device.user_agent ?? null,
        };
      });
      options.also?.(tx, record);
    });
  const input = { id: conversationId, projectId: v.projectId, userId, channelId: v.channel.id, channelType: 'website_widget', firstMessage: { ...message, role: 'user' as const } };
  const newUser = { locales: v.locales, ...(Object.keys(v.attributes).length ? { external_attributes: { widget: v.attributes } } : {}) };
  // The services record their webhook events around the one write (webhooks/relay.ts): both
  // intents before it, both relays after it.
  const record = await ctx.services.conversations.createWith(input, (_projectId, stored) =>
    v.userId ? storeAll(stored, null) : ctx.services.users.createWith(v.projectId, newUser, userId, (pool, doc) => storeAll(stored, { pool, doc })),
  );
  return { record, userId, sessionId };
}

/** The user and session tokens of a visitor whose first message was not sent over the socket (which issues its own). */
export async function visitorSessionTokens(ctx: AppContext, channel: Channel, ids: { device_id: string; user_id: string; session_id: string }) {
  const signer = await tokenSigner(ctx);
  const base = { frame_id: channel.frame_id, device_id: ids.device_id, user_id: ids.user_id };
  return {
    user_token: signer.sign({ kind: 'user', ...base }, USER_TTL_DAYS),
    session_token: signer.sign({ kind: 'session', ...base, session_id: ids.session_id }, sessionTtlDays(channel)),
  };
}
