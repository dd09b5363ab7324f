// The one file that speaks SMTP (nodemailer). SMTP_URL carries host, port, credentials and TLS
// (smtps:// is TLS from the first byte; smtp:// upgrades with STARTTLS when the server offers it).
import nodemailer from 'nodemailer';

export interface SmtpEnvelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one message; rejects with the server's answer (an Error with `responseCode` when it gave one). */
export type SendMail = (message: SmtpEnvelope) => Promise<void>;

export function smtpSender(smtpUrl: string): { send: SendMail; close(): void } {
  // A stalled server must not hold a message for minutes: the outbox retries it later anyway.
  const transport = nodemailer.createTransport(smtpUrl, { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as never);
  return {
    send: async (m) => {
      await transport.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
    },
    close: () => transport.close(),
  };
}

/**
 * A 5xx answer is permanent (no such mailbox, relaying refused): retrying only delays the failure.
 * Everything else (4xx, a refused or dropped connection, a timeout) may pass later.
 */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
