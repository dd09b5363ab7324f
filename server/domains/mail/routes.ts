// The organization's e-mail for its admins (docs/api.md "E-mail"): whether SMTP is configured, the
// outbox (so a delivery failure is visible, not silent), and a test message to oneself. Admin only,
// like the team routes: recipients and subjects of invites and resets are the team's business.
// Also starts the visitor-reply e-mail, which follows the conversation bus (visitor-reply.ts).
import type { RouteModule } from '../../routes.js';
import { MailEnabledOut, MailStatusOut, OutboxMessageSchema } from '../../../shared/schemas/mail.js';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import { AppError } from '../../errors.js';
import { listeningPort } from '../widget/urls.js';
import { renderHtml, renderText } from './render.js';
import { startVisitorReplyMail } from './visitor-reply.js';
import type { QueuedMail } from './types.js';

const tags = ['e-mail'];
const view = (m: QueuedMail) => ({
  id: m.id,
  kind: m.kind,
  project_id: m.project_id ?? null,
  to: m.to,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  last_error: m.last_error,
  created_at: m.created_at,
  sent_at: m.sent_at,
});

export const mailRoutes: RouteModule = (app, ctx) => {
  const { mail } = ctx.services;
  ctx.onClose(startVisitorReplyMail(ctx, () => listeningPort(app), (error) => app.log.error({ err: error }, 'visitor reply e-mail failed')));

  app.get(
    '/v1/org/mail',
    {
      config: { role: 'admin' },
      schema: { summary: 'E-mail: whether it is configured, and the outbox', description: 'Admins and owners.', tags, response: { 200: MailStatusOut } },
    },
    async (request) => ({ configured: mail.configured, from: mail.from, messages: (await mail.recent(request.team!.organization.id)).map(view) }),
  );

  // Every member: the conversation view says whether a visitor who left an address gets replies by e-mail.
  app.get(
    '/v1/org/mail/enabled',
    { schema: { summary: 'Whether this server sends e-mail', description: 'Any team member.', tags, response: { 200: MailEnabledOut } } },
    async () => ({ configured: mail.configured }),
  );

  app.post(
    '/v1/org/mail/test',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Send a test e-mail to yourself',
        description: 'Admins and owners. Queues a message to the signed-in member; its delivery shows in the outbox.',
        tags,
        response: { 202: OutboxMessageSchema, 503: { ...ErrorSchema, description: 'not_configured: SMTP_URL is not set' } },
      },
    },
    async (request, reply) => {
      const { member, organization } = request.team!;
      const parts = { language: 'en', paragraphs: [`This is a test message from Parley for ${organization.name}. E-mail works.`], footer: ['Sent from the E-mail page of the console.'] };
      const queued = await mail.enqueue({ kind: 'test', organization_id: organization.id, to: member.email, subject: 'Parley test e-mail', text: renderText(parts), html: renderHtml(parts) });
      if (!queued) throw new AppError('not_configured', 'This server sends no e-mail: set SMTP_URL and MAIL_FROM');
      return reply.code(202).send(view(queued));
    },
  );
};
