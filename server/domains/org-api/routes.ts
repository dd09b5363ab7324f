// Organization API (spec 2.1; docs/api.md): settings, billing/plan, projects and their user pools.
// Session-only (server/http/auth/session.ts); roles per route in `config.role`.
import { Type, type Static } from 'typebox';
import type { RouteModule } from '../../routes.js';
import { BillingOut, BillingPatchBody, CreateProjectBody, OrgPatchBody, ProjectOut, UserPoolOut } from '../../../shared/schemas/api.js';
import { OrganizationSchema, type Organization } from '../../../shared/schemas/entities.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { scheduleProblems } from '../../../shared/business-hours.js';
import { BURST_FACTOR, BURST_SECONDS, limitsFor } from '../../http/rate-limit/plans.js';
import { teamRoutes } from './team.js';
import { apiKeyRoutes } from './api-keys.js';
import { orgProjectRoutes } from './projects.js';
import { countUsage } from '../billing/usage.js';
import { DEFAULT_ORG_SETTINGS, type OrgSettings } from '../../../shared/schemas/org-settings.js';
import { isTimeZone } from '../audiences/local-time.js';
import { orgDataRoutes } from './data-routes.js';

/** What the schema cannot judge: a time zone this server knows; hours that close after they open and do not overlap. */
function checkSettings(settings: OrgSettings): OrgSettings {
  if (!isTimeZone(settings.timezone)) throw invalid(`Unknown time zone ${JSON.stringify(settings.timezone)}: use an IANA name such as Europe/Berlin`, [{ path: 'body.settings.timezone', message: 'unknown time zone' }]);
  const problems = settings.business_hours ? scheduleProblems(settings.business_hours, 'body.settings.business_hours') : [];
  if (problems.length) throw new AppError('invalid_business_hours', `Business hours on ${problems[0].path.split('.').at(-2)}: ${problems[0].message}`, { details: problems });
  return settings;
}

const tags = ['organization'];

/** This UTC month: usage periods start fresh each period (spec 8.1 rule 4). */
function currentPeriod(t = new Date()) {
  const start = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
  const end = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1));
  return { start, end };
}

export const orgApiRoutes: RouteModule = (app, ctx) => {
  const { org, projects } = ctx.services;

  orgDataRoutes(app, ctx);

  app.get('/v1/org', { schema: { summary: 'The organization', tags, response: { 200: OrganizationSchema } } }, async (request) => request.team!.organization);

  app.patch(
    '/v1/org',
    { config: { role: 'admin' }, schema: { summary: 'Change organization settings', description: 'The name, and `settings`: default language (the visitor texts\' last fallback before English), time zone (analytics days, business hours), retention (days after the last activity; null keeps everything), business hours (null: always open). Settings are merged field by field; `business_hours` is replaced whole.', tags, body: OrgPatchBody, response: { 200: OrganizationSchema } } },
    async (request) => {
      const body = request.body as Static<typeof OrgPatchBody>;
      const current = request.team!.organization;
      const settings = body.settings ? checkSettings({ ...DEFAULT_ORG_SETTINGS, ...current.settings, ...body.settings }) : undefined;
      const updated = await org.updateOrganization(current.id, { ...(body.name ? { name: body.name.trim() } : {}), ...(settings ? { settings } : {}) });
      if (!updated) throw notFound('organization');
      return updated;
    },
  );

  async function billing(organization: Organization) {
    const limits = limitsFor(organization);
    const { start, end } = currentPeriod();
    // One definition of a billed message (spec 8.1 rules 1–3), the one invoices use (domains/billing/usage.ts).
    const { usage } = await countUsage(ctx.store, organization.id, start.toISOString(), end.toISOString(), false);
    return {
      plan: organization.plan,
      rate_limits: { per_minute: limits.perMinute, per_day: limits.perDay, burst_per_minute: limits.perMinute * BURST_FACTOR, burst_seconds: BURST_SECONDS },
      period: { start: start.toISOString(), end: end.toISOString() },
      usage: { chat_messages: usage.chat_messages, ticketing_messages: usage.ticketing_messages, projects: usage.projects },
    };
  }

  app.get(
    '/v1/org/billing',
    { schema: { summary: 'Plan, rate limits and this period’s billed usage', tags, response: { 200: BillingOut } } },
    async (request) => billing(request.team!.organization),
  );

  app.patch(
    '/v1/org/billing',
    {
      config: { role: 'owner' },
      schema: {
        summary: 'Change the plan or the enterprise rate limits',
        description: 'Self-hosted: the owner records the plan (and, for enterprise, the agreed limits). Applies to the next API request.',
        tags,
        body: BillingPatchBody,
        response: { 200: BillingOut },
      },
    },
    async (request) => {
      const body = request.body as Pick<Organization, 'plan' | 'rate_limits'>;
      const updated = await org.updateOrganization(request.team!.organization.id, {
        ...(body.plan ? { plan: body.plan } : {}),
        ...(body.rate_limits ? { rate_limits: body.rate_limits } : {}),
      });
      if (!updated) throw notFound('organization');
      return billing(updated);
    },
  );

  app.get(
    '/v1/org/projects',
    { schema: { summary: 'Projects of the organization', tags, response: { 200: Type.Object({ data: Type.Array(ProjectOut) }) } } },
    async (request) => ({ data: await projects.listProjects(request.team!.organization.id) }),
  );

  app.post(
    '/v1/org/projects',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Create a project',
        description: 'The project gets a user pool of its own, unless `user_pool_id` names a pool of this organization to share (spec 2.4).',
        tags,
        body: CreateProjectBody,
        response: { 201: ProjectOut },
      },
    },
    async (request, reply) => {
      const body = request.body as CreateProjectBody;
      const project = await projects.createProject({ organizationId: request.team!.organization.id, name: body.name, userPoolId: body.user_pool_id });
      reply.code(201).header('Location', `/v1/projects/${project.id}`);
      return project;
    },
  );

  app.get(
    '/v1/org/user-pools',
    {
      schema: {
        summary: 'User pools of the organization',
        description: 'Each pool with the projects that use it (spec 2.4).',
        tags,
        response: { 200: Type.Object({ data: Type.Array(UserPoolOut) }) },
      },
    },
    async (request) => ({ data: await projects.userPools.list(request.team!.organization.id) }),
  );

  teamRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  orgProjectRoutes(app, ctx);
};
