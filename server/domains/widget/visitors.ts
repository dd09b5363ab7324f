// Widget visitor records in the `devices` collection (scope: project id), two kinds of document:
//  - device: the browser behind a device token; keeps the latest page context (for audiences) and the
//    client_ids of recent first messages, so a first message re-sent after a lost ack (before the
//    visitor had a session token) maps back to the conversation it created instead of a second one;
//  - session: what a session token grants (spec 5.1): the conversations it started.
//  - conversation link (id = conversation id): which session and device started a widget conversation,
//    so the agent runtime can read the visitor's page context for audiences (visitorPageFor).
// Device documents are created lazily (first page.update or message), so a page view writes nothing.
// The team reads the same page, the browser's User-Agent and languages as the conversation's `visitor`
// (visitorContextFor, docs/operators.md "Visitor"); changes reach the team feed through visitorChanges.
import { EventEmitter } from 'node:events';
import type { AppContext } from '../../context.js';
import type { VisitorContext } from '../../../shared/schemas/visitor.js';
import { now } from '../../lib/ids.js';
import { describeDevice } from './visitor-device.js';

export interface PageContext {
  url: string;
  title?: string;
  at: string;
}

export interface FirstSend {
  client_id: string;
  conversation_id: string;
  session_id: string;
}

export interface DeviceDoc {
  id: string;
  kind: 'device';
  frame_id: string;
  page: PageContext | null;
  locales: string[];
  /** The User-Agent header of the device's latest widget connection (visitor-device.ts). */
  user_agent?: string | null;
  first_sends: FirstSend[];
  created_at: string;
  last_seen_at: string;
  /** Set by a logout: the device binding is rotated, so this device's tokens are dead. */
  revoked_at?: string;
}

export interface SessionDoc {
  id: string;
  kind: 'session';
  frame_id: string;
  device_id: string;
  user_id: string;
  conversation_ids: string[];
  page: PageContext | null;
  /** The browser of the session's latest connection, and the languages it prefers (for the team). */
  user_agent?: string | null;
  locales?: string[];
  created_at: string;
  last_seen_at: string;
  /** Set by a logout; a revoked session's token no longer grants anything. */
  revoked_at: string | null;
}

const KEEP_FIRST_SENDS = 50;

const devices = (ctx: AppContext) => ctx.store.collection('devices');

export async function getSession(ctx: AppContext, projectId: string, sessionId: string): Promise<SessionDoc | undefined> {
  const doc = await devices(ctx).get(projectId, sessionId);
  return doc && doc.kind === 'session' ? (doc as SessionDoc) : undefined;
}

export async function getDevice(ctx: AppContext, projectId: string, deviceId: string): Promise<DeviceDoc | undefined> {
  const doc = await devices(ctx).get(projectId, deviceId);
  return doc && doc.kind === 'device' ? (doc as DeviceDoc) : undefined;
}

/** A device a logout retired: its device and user tokens must no longer bind anyone. */
export async function deviceRevoked(ctx: AppContext, projectId: string, deviceId: string): Promise<boolean> {
  return Boolean((await getDevice(ctx, projectId, deviceId))?.revoked_at);
}

/** Updates a device document, creating it first when the device has none yet. */
export async function updateDevice(
  ctx: AppContext,
  projectId: string,
  frameId: string,
  deviceId: string,
  fn: (doc: DeviceDoc) => DeviceDoc,
): Promise<DeviceDoc> {
  const col = devices(ctx);
  const updated = await col.update(projectId, deviceId, (doc) => fn(doc as DeviceDoc));
  if (updated) return updated as DeviceDoc;
  return (await col.put(projectId, fn(newDevice(frameId, deviceId)))) as DeviceDoc;
}

/** The document of a device seen for the first time. */
export function newDevice(frameId: string, deviceId: string): DeviceDoc {
  const t = now();
  return { id: deviceId, kind: 'device', frame_id: frameId, page: null, locales: [], first_sends: [], created_at: t, last_seen_at: t };
}

export interface SessionInput {
  id: string;
  frame_id: string;
  device_id: string;
  user_id: string;
  page: PageContext | null;
  user_agent?: string | null;
  locales?: string[];
  /** The conversations it starts with (the one its first message creates). */
  conversation_ids?: string[];
}

export function newSession(input: SessionInput): SessionDoc {
  const t = now();
  return { conversation_ids: [], ...input, kind: 'session', created_at: t, last_seen_at: t, revoked_at: null };
}

export async function createSession(ctx: AppContext, projectId: string, input: SessionInput): Promise<SessionDoc> {
  return (await devices(ctx).put(projectId, newSession(input))) as SessionDoc;
}

export async function updateSession(
  ctx: AppContext,
  projectId: string,
  sessionId: string,
  fn: (doc: SessionDoc) => SessionDoc,
): Promise<SessionDoc | undefined> {
  return (await devices(ctx).update(projectId, sessionId, (doc) => (doc.kind === 'session' ? fn(doc as SessionDoc) : undefined))) as
    | SessionDoc
    | undefined;
}

export const rememberFirstSend = (doc: DeviceDoc, send: FirstSend): DeviceDoc => ({
  ...doc,
  first_sends: [...doc.first_sends.filter((s) => s.client_id !== send.client_id), send].slice(-KEEP_FIRST_SENDS),
  last_seen_at: now(),
});

export const pageContext = (page: { url: string; title?: string }): PageContext => ({
  url: page.url,
  ...(page.title !== undefined ? { title: page.title } : {}),
  at: now(),
});

export interface ConversationLinkDoc {
  id: string;
  kind: 'conversation';
  session_id: string;
  device_id: string;
  frame_id: string;
}

export const conversationLink = (link: Omit<ConversationLinkDoc, 'kind'>): ConversationLinkDoc => ({ ...link, kind: 'conversation' });


/** The page the visitor of a widget conversation is on (latest page.update), for audiences (spec 2.8). */
export async function visitorPageFor(ctx: AppContext, projectId: string, conversationId: string): Promise<PageContext | null> {
  const link = await devices(ctx).get(projectId, conversationId);
  if (!link || link.kind !== 'conversation') return null;
  const session = await getSession(ctx, projectId, link.session_id);
  if (session?.page) return session.page;
  return (await getDevice(ctx, projectId, link.device_id))?.page ?? null;
}

/** The conversation's visitor as the team sees it: page, device and languages; null outside the widget. */
export async function visitorContextFor(ctx: AppContext, projectId: string, conversationId: string): Promise<VisitorContext | null> {
  const link = await devices(ctx).get(projectId, conversationId);
  if (!link || link.kind !== 'conversation') return null;
  const [session, device] = await Promise.all([getSession(ctx, projectId, link.session_id), getDevice(ctx, projectId, link.device_id)]);
  return visitorContext(session, device);
}

export function visitorContext(session: SessionDoc | undefined, device?: DeviceDoc): VisitorContext {
  const page = session?.page ?? device?.page ?? null;
  const userAgent = session?.user_agent ?? device?.user_agent ?? null;
  const locales = session?.locales?.length ? session.locales : (device?.locales ?? []);
  return {
    page: page ? { url: page.url, title: page.title ?? null, at: page.at } : null,
    device: userAgent ? describeDevice(userAgent) : null,
    locales,
  };
}

export interface VisitorChange {
  project_id: string;
  conversation_id: string;
  visitor: VisitorContext;
}

/** Visitor context changes (another page, another browser) for the team feed (operators/team-ws.ts). */
export const visitorChanges = new EventEmitter<{ change: [VisitorChange] }>();
visitorChanges.setMaxListeners(0);

/** Conversations of a session whose visitor context a change is announced for: the latest few. */
const ANNOUNCE_CONVERSATIONS = 5;

/** Tells the team feed that a session's visitor moved on (only when someone listens: nothing to build otherwise). */
export function announceVisitor(projectId: string, session: SessionDoc | undefined, device?: DeviceDoc): void {
  if (!session || visitorChanges.listenerCount('change') === 0) return;
  const visitor = visitorContext(session, device);
  for (const id of session.conversation_ids.slice(-ANNOUNCE_CONVERSATIONS)) {
    visitorChanges.emit('change', { project_id: projectId, conversation_id: id, visitor });
  }
}

/**
 * A returning visitor's hello: the session keeps the page, browser and languages of this connection
 * (written only when one of them is new) and the team feed hears of it.
 */
export async function refreshSession(
  ctx: AppContext,
  projectId: string,
  session: SessionDoc,
  now: { page: PageContext | null; userAgent: string | null; locales: string[] },
): Promise<void> {
  const newAgent = now.userAgent && now.userAgent !== session.user_agent;
  const newLocales = now.locales.length > 0 && now.locales.join() !== (session.locales ?? []).join();
  if (!now.page && !newAgent && !newLocales) return;
  const updated = await updateSession(ctx, projectId, session.id, (doc) => ({
    ...doc,
    ...(now.page ? { page: now.page, last_seen_at: now.page.at } : {}),
    ...(newAgent ? { user_agent: now.userAgent } : {}),
    ...(newLocales ? { locales: now.locales } : {}),
  }));
  announceVisitor(projectId, updated);
}
