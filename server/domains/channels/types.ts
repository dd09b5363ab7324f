// The one interface every outside chat platform sits behind (docs/channels.md): verify what comes in,
// map it to a requester and a thread, send what goes out, say what the console needs to connect it.
// The agent pipeline never sees which platform it serves: inbound.ts and processor.ts speak only this.
import type { Channel } from '../../../shared/schemas/entities.js';
import type { ConnectFieldInfo } from '../../../shared/channel-types.js';


/** Where a reply goes: the platform's channel (room, DM) and the thread in it. */
export interface Thread {
  channel: string;
  thread: string;
}

/** One message a person wrote to the agent on the platform. */
export interface PlatformMessage {
  /** The platform's own event id: retries and replays carry the same one. */
  eventId: string;
  /** The workspace the requester belongs to (Slack team, Zendesk subdomain, Zammad host). */
  workspace: string;
  /** The requester's platform user id. */
  requester: string;
  thread: Thread;
  text: string;
  /** How it reached the agent: a direct message, a mention in a shared channel, a ticket's comment (spec 2.10). */
  via: 'direct' | 'mention' | 'ticket';
}

export type Inbound =
  | { kind: 'challenge'; reply: Record<string, unknown> }
  | { kind: 'message'; message: PlatformMessage }
  | { kind: 'ignored'; eventId: string | null; reason: string };

/** A connection opened for use: secrets in clear, only in memory, only while sending. */
export interface OpenConnection {
  credentials: Record<string, string>;
  settings: Record<string, string>;
}

export interface SendOutcome {
  ok: boolean;
  /** False when trying again cannot help (a revoked token, an unknown channel). */
  retry: boolean;
  error?: string;
  /** The platform's id of the posted message. */
  id?: string;
}

/** How a ticketing platform posts a comment: a public reply or an internal note. */
export interface SendOptions {
  /** An internal note, seen by the team on the ticket only (a chat platform posts as usual). */
  internal?: boolean;
}

export interface RequestParts {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

export interface ChannelPlatform {
  type: Exclude<Channel['type'], 'website_widget' | 'api'>;
  label: string;
  /** The connect form: credentials (secret) and settings (plain). */
  fields: ConnectFieldInfo[];
  /** Null when the request is the platform's, else why not (answered 401, nothing stored). */
  verify(request: RequestParts, credentials: Record<string, string>, nowMs: number): string | null;
  parse(raw: string, identity: Record<string, string>): Inbound;
  send(connection: OpenConnection, target: Thread | { channel: string; thread: null }, text: string, options?: SendOptions): Promise<SendOutcome>;
  /**
   * Ticketing and CRM (spec 2.9 escalate_to_human): hands the ticket to the team, an internal note for
   * the agent and the ticket moved to the configured group or queue. Chat platforms announce instead.
   */
  handover?(connection: OpenConnection, thread: Thread, note: string): Promise<SendOutcome>;
  /** Ticketing (spec 8.1): the ticket fields the channel maps, predicted from the requester's words. */
  predictFields?(settings: Record<string, string>, text: string): Record<string, string>;
  /** Sets predicted fields on the ticket (sent from the outbox as kind 'fields', apart from the replies). */
  setFields?(connection: OpenConnection, thread: Thread, fields: Record<string, string>): Promise<SendOutcome>;
  /** Checks the credentials against the platform and learns who the bot is there. */
  identify(connection: OpenConnection): Promise<{ ok: true; identity: Record<string, string> } | { ok: false; error: string }>;
  /** The key a requester's platform id is stored under on the user (spec 2.4). */
  requesterKey(message: PlatformMessage): string;
  /** For a platform whose events name the message, not its thread (Mattermost): the thread it belongs to. */
  resolveThread?(connection: OpenConnection, message: PlatformMessage): Promise<Thread>;
}
