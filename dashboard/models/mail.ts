// The organization's e-mail for admins (GET /v1/org/mail): whether SMTP is configured and the outbox.
import type { MailStatusOut, OutboxMessage } from '../../shared/schemas/mail.js';
import { signal } from '@preact/signals';
import { api } from './api.js';

export type { MailStatusOut, OutboxMessage };

export const loadMailStatus = () => api<MailStatusOut>('GET', '/v1/org/mail');
export const sendTestMail = () => api<OutboxMessage>('POST', '/v1/org/mail/test');

export const KIND_LABELS: Record<string, string> = {
  invite: 'Invite',
  password_reset: 'Password reset',
  export_ready: 'Export ready',
  webhook_disabled: 'Webhook disabled',
  visitor_reply: 'Reply to visitor',
  billing: 'Billing',
  test: 'Test',
};

/** Whether this server sends e-mail, for every member (null until known); asked once per page load. */
export const mailConfigured = signal<boolean | null>(null);
let asked = false;
export function loadMailConfigured(): void {
  if (asked) return;
  asked = true;
  api<{ configured: boolean }>('GET', '/v1/org/mail/enabled').then(
    (r) => (mailConfigured.value = r.configured),
    () => (asked = false),
  );
}
