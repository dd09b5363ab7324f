// What the rest of the server may ask of e-mail (docs/operators.md "E-mail"): a durable outbox.
// Callers never talk SMTP: they enqueue a message, which is stored before `enqueue` resolves, sent
// in the background and retried on failure, so a restart or a down mail server loses nothing and a
// request never waits for SMTP. Without SMTP_URL nothing is sent: `configured` is false and the
// console says so where something would have been e-mailed, instead of failing silently.

/** Why a message is sent: shown in the console's outbox and used in logs. */
export type MailKind = 'invite' | 'password_reset' | 'export_ready' | 'webhook_disabled' | 'visitor_reply' | 'test' | 'billing';

export interface MailMessage {
  kind: MailKind;
  /** The organization the message belongs to (its outbox in the console). */
  organization_id: string;
  /** The project, when the message is about one. */
  project_id?: string | null;
  to: string;
  subject: string;
  /** Plain-text body; always present. */
  text: string;
  /** HTML body, the same content as `text`. */
  html?: string;
  /** BCP 47 language of the recipient when known (the texts are already written in it). */
  language?: string;
}

export type MailStatus = 'queued' | 'sent' | 'failed';

export interface QueuedMail extends MailMessage {
  id: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface Mailer {
  /** Whether SMTP is configured (SMTP_URL); when false, `enqueue` stores nothing and returns null. */
  readonly configured: boolean;
  /** Stores the message durably, then sends it in the background with retries. */
  enqueue(message: MailMessage): Promise<QueuedMail | null>;
}
