// The organization's e-mail for admins (GET /v1/org/mail): whether SMTP is configured and the outbox.
import type { MailStatusOut, OutboxMessage } from '../../shared/schemas/mail.js';
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
  test: 'Test',
};
