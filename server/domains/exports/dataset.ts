// The full dataset export's file (spec 4.1): JSONL, one line per user of the project's user pool
// holding the user and the user's conversations with their messages, then one line per user id
// whose user record is gone but whose conversations remain (`user: null`), so nothing is left out.
// Simulation conversations are the team's test runs, not anyone's data: left out.
//
// Memory stays flat: one pass groups references to the stored conversations by user (no copies),
// then each line is serialised on its own and written with backpressure (await 'drain'), yielding to
// the event loop now and then so requests are served while a large export runs.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { AttachmentRef, ConversationRecord, User } from '../../../shared/schemas/entities.js';
import type { Services } from '../../context.js';

export interface DatasetProgress {
  (done: number, total: number): Promise<void> | void;
}

/** Progress is reported at most this often (each report is a store write). */
const REPORT_EVERY_MS = 500;
/** Lines are written in chunks of about this many characters. */
const CHUNK = 256 * 1024;

/** A signed download link for a message's file (spec 2.6, 8: media in exports as URLs that expire after 7 days). */
export type MediaLink = (projectId: string, file: AttachmentRef) => { url: string; url_expires_at: string };

/** The conversation with a signed link on each file of its messages; untouched when it has none. */
function withMedia<C extends ConversationRecord>(c: C, media: MediaLink | undefined): C {
  if (!media || !c.messages.some((m) => m.attachments?.length)) return c;
  return {
    ...c,
    messages: c.messages.map((m) => (m.attachments?.length ? { ...m, attachments: m.attachments.map((a) => ({ ...a, ...media(c.project_id, a) })) } : m)),
  };
}

function line(user: User | null, userId: string, conversations: readonly ConversationRecord[], media?: MediaLink): string {
  let out = `{"user_id":${JSON.stringify(userId)},"user":${JSON.stringify(user)},"conversations":[`;
  for (let i = 0; i < conversations.length; i++) {
    // Webhook events waiting for their relay (webhooks/relay.ts) are no part of the data.
    const { simulation: _s, webhook_events: _w, ...c } = withMedia(conversations[i], media);
    out += (i ? ',' : '') + JSON.stringify(c);
  }
  return `${out}]}\n`;
}

/** Writes the project's dataset to `path` (through a temporary file, so a half file is never served); resolves with its size. */
export async function writeDataset(services: Pick<Services, 'users' | 'conversations'>, projectId: string, path: string, progress: DatasetProgress, media?: MediaLink): Promise<number> {
  const users = await services.users.list(projectId);
  const byUser = new Map<string, ConversationRecord[]>();
  for (const c of await services.conversations.list(projectId)) {
    if (c.simulation) continue;
    const list = byUser.get(c.user_id);
    if (list) list.push(c);
    else byUser.set(c.user_id, [c]);
  }
  const known = new Set<string>();
  for (const u of users) known.add(u.id);
  let orphans = 0;
  for (const id of byUser.keys()) if (!known.has(id)) orphans++;
  const total = users.length + orphans;

  const tmp = `${path}.part`;
  // Lines are gathered into chunks: one write (and one drain wait) per line made the disk's round
  // trips, not serialisation, the cost of an export.
  const out = createWriteStream(tmp, { highWaterMark: CHUNK * 4 });
  let failed: Error | null = null;
  out.on('error', (e) => (failed = e));
  let bytes = 0;
  let done = 0;
  let chunk = '';
  let reported = Date.now();
  await progress(0, total);

  async function flush() {
    if (failed) throw failed;
    bytes += Buffer.byteLength(chunk);
    const more = out.write(chunk);
    chunk = '';
    if (!more) await once(out, 'drain');
    // Other requests get their turn between chunks.
    await new Promise((r) => setImmediate(r));
    if (Date.now() - reported >= REPORT_EVERY_MS) {
      reported = Date.now();
      await progress(done, total);
    }
  }

  async function write(text: string) {
    chunk += text;
    done++;
    if (chunk.length >= CHUNK) await flush();
  }

  try {
    for (const u of users) await write(line(u, u.id, byUser.get(u.id) ?? [], media));
    for (const [id, list] of byUser) if (!known.has(id)) await write(line(null, id, list, media));
    if (chunk) await flush();
    out.end();
    await once(out, 'finish');
    if (failed) throw failed;
    await rename(tmp, path);
  } catch (error) {
    out.destroy();
    await rm(tmp, { force: true });
    throw error;
  }
  await progress(done, total);
  return bytes;
}
