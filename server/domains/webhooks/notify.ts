// The e-mail to an organization's owners and admins when an endpoint was disabled for failing too
// long (kind 'webhook_disabled'), through the mail outbox (mail/types.ts); without SMTP the
// console's endpoint list still shows the endpoint disabled and why.
import type { Services } from '../../context.js';
import type { StoredWebhookEndpoint } from './endpoints.js';

export async function notifyDisabled(services: Services, endpoint: StoredWebhookEndpoint): Promise<number> {
  const { mail } = services;
  if (!mail.configured) return 0;
  const project = await services.projects.getProject(endpoint.project_id);
  if (!project) return 0;
  const admins = (await services.org.listMembers(project.organization_id)).filter((m) => m.role === 'owner' || m.role === 'admin');
  const subject = `Webhook endpoint disabled in ${project.name}`;
  const text =
    `Parley stopped sending webhooks to ${endpoint.url} in the project "${project.name}": ${endpoint.disabled_reason ?? 'it kept failing'}.\n\n` +
    'Fix the receiver, then enable the endpoint again on the Webhooks page of the console; failed deliveries can be replayed from its delivery log.\n';
  for (const m of admins) {
    await mail.enqueue({ kind: 'webhook_disabled', organization_id: project.organization_id, project_id: project.id, to: m.email, subject, text });
  }
  return admins.length;
}
