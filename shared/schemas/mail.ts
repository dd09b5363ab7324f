// The organization's e-mail as the console shows it (GET /v1/org/mail, docs/api.md): whether this
// server sends e-mail, and the outbox with what happened to each message. Bodies are not included.
import { Type, type Static } from 'typebox';

export const OutboxMessageSchema = Type.Object({
  id: Type.String(),
  kind: Type.String({ description: 'invite, password_reset, export_ready, webhook_disabled, visitor_reply or test' }),
  project_id: Type.Union([Type.String(), Type.Null()]),
  to: Type.String(),
  subject: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  sent_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type OutboxMessage = Static<typeof OutboxMessageSchema>;

export const MailStatusOut = Type.Object({
  configured: Type.Boolean({ description: 'Whether SMTP_URL is set; without it nothing is e-mailed' }),
  from: Type.Union([Type.String(), Type.Null()], { description: 'MAIL_FROM' }),
  messages: Type.Array(OutboxMessageSchema, { description: 'The latest 50 messages, newest first' }),
});
export type MailStatusOut = Static<typeof MailStatusOut>;

export const MailEnabledOut = Type.Object({ configured: Type.Boolean({ description: 'Whether SMTP_URL is set' }) });
