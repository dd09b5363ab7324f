// The mailer behind services.mail (types.ts). enqueue stores the message in the outbox and wakes
// the sender; the sender sends what is due, one message at a time (a support team's mail is a
// trickle, and one connection at a time is what small SMTP relays allow), and on failure schedules
// the next attempt with backoff. The outbox is the only state, so after a restart the sender just
// picks up what is still queued. A crash between sending and recording it sends the message again:
// at least once, never lost.
import type { ParleyStore } from '../../store/index.js';
import type { MailConfig } from '../../config.js';
import { createOutbox, type OutboxDoc } from './outbox.js';
import { isPermanent, smtpSender, type SendMail } from './smtp.js';
import type { Mailer, MailMessage, QueuedMail } from './types.js';

/** Waits after the 1st, 2nd, … failure: five attempts over about an hour, then `failed`. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 40 * 60_000];
/** How long one attempt holds a message (longer than nodemailer's timeouts in smtp.ts). */
const CLAIM_MS = 2 * 60_000;
/** A safety net beside the timers: anything due is looked at this often. */
const POLL_MS = 60_000;

export interface MailService extends Mailer {
  /** The sender address (MAIL_FROM), or null without SMTP. */
  readonly from: string | null;
  /** The organization's recent outbox, newest first (the console's E-mail page). */
  recent(organizationId: string, limit?: number): Promise<QueuedMail[]>;
  /** Sends everything due now; resolves when that pass is over. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerDeps {
  store: ParleyStore;
  config: MailConfig | null | undefined;
  /** Replaces SMTP (tests of the retry logic); default: nodemailer on config.smtpUrl. */
  send?: SendMail;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

const dueAt = (d: OutboxDoc) => Date.parse(d.next_attempt_at ?? d.created_at);
const publicView = ({ next_attempt_at: _n, ...m }: OutboxDoc): QueuedMail => m;

export function createMailer(deps: MailerDeps): MailService {
  const { config } = deps;
  if (!config) return unconfigured();
  const outbox = createOutbox(deps.store);
  const smtp = deps.send ? null : smtpSender(config.smtpUrl);
  const send = deps.send ?? smtp!.send;
  const delays = config.retryDelaysMs ?? RETRY_DELAYS_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** One timer, for the earliest retry due (after a restart too): none while nothing waits. */
  function wakeAt(at: number) {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void kick();
    }, Math.max(0, at - Date.now()));
    timer.unref();
  }

  /**
   * Takes the message for one attempt by moving its due time past the attempt, in one serialised
   * update: a second server on the same PostgreSQL store finds it not due and leaves it, and if this
   * process dies mid-attempt the message is simply due again after CLAIM_MS.
   */
  async function claim(doc: OutboxDoc): Promise<OutboxDoc | null> {
    let claimed: OutboxDoc | null = null;
    await outbox.update(doc.organization_id, doc.id, (d) => {
      if (d.status !== 'queued' || dueAt(d) > Date.now()) return d;
      claimed = { ...d, next_attempt_at: new Date(Date.now() + CLAIM_MS).toISOString() };
      return claimed;
    });
    return claimed;
  }

  async function attempt(queued: OutboxDoc) {
    const doc = await claim(queued);
    if (!doc) return;
    const attempts = doc.attempts + 1;
    try {
      await send({ from: config!.from, to: doc.to, subject: doc.subject, text: doc.text, html: doc.html });
      // The body may hold a credential (a reset or invite link): once sent it is not kept.
      await outbox.update(doc.organization_id, doc.id, (d) => ({ ...d, status: 'sent', attempts, last_error: null, sent_at: new Date().toISOString(), next_attempt_at: null, text: '', html: undefined }));
    } catch (error) {
      const last_error = String((error as Error)?.message ?? error).slice(0, 500);
      const give_up = isPermanent(error) || attempts > delays.length;
      const wait = delays[attempts - 1] ?? 0;
      deps.log?.('mail not sent', { id: doc.id, kind: doc.kind, attempts, give_up, error: last_error });
      await outbox.update(doc.organization_id, doc.id, (d) =>
        give_up
          ? { ...d, status: 'failed', attempts, last_error, next_attempt_at: null, text: '', html: undefined }
          : { ...d, attempts, last_error, next_attempt_at: new Date(Date.now() + wait).toISOString() },
      );
    }
  }

  async function pass() {
    do {
      again = false;
      const queued = (await outbox.queued()).sort((a, b) => a.id.localeCompare(b.id));
      for (const doc of queued) {
        if (closed) return;
        if (dueAt(doc) <= Date.now()) await attempt(doc);
      }
    } while (again && !closed);
    const next = (await outbox.queued()).map(dueAt).sort((a, b) => a - b)[0];
    if (next !== undefined) wakeAt(next);
  }

  /** One pass at a time; a kick during a pass asks for another one after it. */
  function kick(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error) => deps.log?.('mail sender failed', { error: String(error) }))
      .finally(() => (running = null));
    return running;
  }

  const poll = setInterval(() => void kick(), POLL_MS);
  poll.unref();
  void outbox.prune().catch(() => undefined);
  void kick();

  return {
    configured: true,
    from: config.from,
    async enqueue(message: MailMessage) {
      const doc = await outbox.add(message);
      void kick();
      return publicView(doc);
    },
    recent: async (orgId, limit = 50) => (await outbox.recent(orgId, limit)).map(publicView),
    drain: kick,
    async close() {
      closed = true;
      clearInterval(poll);
      if (timer) clearTimeout(timer);
      await running;
      smtp?.close();
    },
  };
}

function unconfigured(): MailService {
  return {
    configured: false,
    from: null,
    enqueue: async () => null,
    recent: async () => [],
    drain: async () => undefined,
    close: async () => undefined,
  };
}
