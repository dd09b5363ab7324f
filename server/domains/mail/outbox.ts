// The outbox: every message is a document (collection mail_outbox, scoped by organization) written
// before enqueue resolves, so a restart or a mail server that is down loses nothing. Sending and
// retrying is mailer.ts; this file only knows the documents.
import type { ParleyStore } from '../../store/index.js';
import { newId } from '../../lib/ids.js';
import type { MailMessage, QueuedMail } from './types.js';

/** What the outbox stores beyond QueuedMail: when the next attempt is due. */
export type OutboxDoc = QueuedMail & { next_attempt_at: string | null };

/** Sent and failed messages older than this are removed at start, so the outbox stays small. */
const KEEP_MS = 30 * 86_400_000;

export function createOutbox(store: ParleyStore) {
  const docs = store.collection('mail_outbox');
  return {
    async add(message: MailMessage): Promise<OutboxDoc> {
      const at = new Date().toISOString();
      const doc: OutboxDoc = { ...message, id: newId(), status: 'queued', attempts: 0, last_error: null, created_at: at, sent_at: null, next_attempt_at: at };
      return docs.put(message.organization_id, doc);
    },
    get: (orgId: string, id: string) => docs.get(orgId, id),
    update: (orgId: string, id: string, fn: (d: OutboxDoc) => OutboxDoc) => docs.update(orgId, id, fn),
    /** Queued messages of every organization (after a restart too). */
    queued: () => docs.findBy('status', 'queued'),
    /** The organization's messages, newest first. */
    async recent(orgId: string, limit: number): Promise<OutboxDoc[]> {
      return (await docs.list(orgId)).reverse().slice(0, limit);
    },
    async prune(): Promise<void> {
      const cutoff = Date.now() - KEEP_MS;
      for (const scope of await docs.scopes()) {
        for (const d of await docs.list(scope)) {
          if (d.status !== 'queued' && Date.parse(d.created_at) < cutoff) await docs.delete(scope, d.id);
        }
      }
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
