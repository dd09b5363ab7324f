// The instance operators' admin API for contracts (docs/billing.md "Admin API"): what the admin CLI
// does (server/cli/billing-commands.ts), over HTTP for the operator's own tooling. Authentication is
// the ADMIN_TOKEN bearer of server/http/auth/admin.ts, applied to every /v1/admin/ route; the
// handlers are thin over the billing service, so the CLI, the owner's console and this API run the
// same rules and validation. Every change is logged with what was done to which organization (the
// server has no audit store; the log is the record, like a revealed API key's).
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../../routes.js';
import { AppError } from '../../errors.js';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import { ContractBody, InvoiceOut, SubscriptionResponse } from '../../../shared/schemas/billing.js';

const tags = ['admin'];
const OrgParams = Type.Object({ organization_id: Type.String({ format: 'uuid' }) });
const Status = Type.Union([Type.Literal('trial'), Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('expired'), Type.Null()]);
const AdminOrganization = Type.Object({
  id: Type.String(),
  name: Type.String(),
  plan: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  subscription_status: Status,
});
const ActionBody = Type.Object(
  {
    action: Type.Union([Type.Literal('cancel'), Type.Literal('resume'), Type.Literal('expire')], {
      description: '`cancel` as the owner would (at once inside the early-termination window, else at the term’s end); `resume` withdraws a cancellation (the contract renews again); `expire` ends it now',
    }),
  },
  { additionalProperties: false },
);
const noSubscription = { ...ErrorSchema, description: 'no_subscription: no contract was set for this organization yet' };

export const billingAdminRoutes: RouteModule = (app, ctx) => {
  const billing = () => ctx.services.billing;

  async function organizationOf(request: FastifyRequest): Promise<string> {
    const { organization_id } = request.params as { organization_id: string };
    if (!(await ctx.services.org.getOrganization(organization_id))) throw new AppError('not_found', 'organization not found');
    return organization_id;
  }

  const audit = (request: FastifyRequest, organizationId: string, change: string) =>
    request.log.info({ admin_token: request.admin?.token, organization_id: organizationId, change }, 'admin change to a subscription');

  app.get(
    '/v1/admin/organizations',
    {
      schema: {
        summary: 'Every organization on this server with its subscription status',
        tags,
        response: { 200: Type.Object({ data: Type.Array(AdminOrganization) }) },
      },
    },
    async () => {
      const orgs = await ctx.services.org.listOrganizations();
      const data = [];
      for (const org of orgs) {
        const sub = await billing().sync(org.id);
        data.push({ id: org.id, name: org.name, plan: org.plan, created_at: org.created_at, subscription_status: sub?.status ?? null });
      }
      return { data };
    },
  );

  app.get(
    '/v1/admin/organizations/:organization_id/subscription',
    {
      schema: {
        summary: 'An organization’s subscription, this period’s usage and projected bill',
        tags,
        params: OrgParams,
        response: { 200: SubscriptionResponse, 404: noSubscription },
      },
    },
    async (request) => billing().view(await organizationOf(request)),
  );

  app.put(
    '/v1/admin/organizations/:organization_id/subscription',
    {
      schema: {
        summary: 'Set an organization’s contract',
        description:
          'The admin CLI’s set-subscription (docs/billing.md "Contracts"): a new contract, or new line items, currency and contacts for the running one from now on. Dates of a running contract cannot change (409 invalid_transition): expire it first. 400 billing_category_conflict for Generated Messages next to the split pair, or a category twice.',
        tags,
        params: OrgParams,
        body: ContractBody,
        response: { 200: SubscriptionResponse, 409: { ...ErrorSchema, description: 'invalid_transition' } },
      },
    },
    async (request) => {
      const id = await organizationOf(request);
      const body = request.body as ContractBody;
      await billing().setContract(id, body);
      audit(request, id, `contract set: ${body.line_items.map((i) => i.category).join(', ')}`);
      return billing().view(id);
    },
  );

  app.post(
    '/v1/admin/organizations/:organization_id/subscription/actions',
    {
      schema: {
        summary: 'Cancel, resume or expire an organization’s subscription',
        tags,
        params: OrgParams,
        body: ActionBody,
        response: { 200: SubscriptionResponse, 404: noSubscription, 409: { ...ErrorSchema, description: 'invalid_transition' } },
      },
    },
    async (request) => {
      const id = await organizationOf(request);
      const { action } = request.body as { action: 'cancel' | 'resume' | 'expire' };
      if (action === 'expire') await billing().expire(id);
      else await billing().ownerPatch(id, { action });
      audit(request, id, action);
      return billing().view(id);
    },
  );

  app.get(
    '/v1/admin/organizations/:organization_id/invoices',
    {
      schema: {
        summary: 'An organization’s invoices of closed billing periods, newest first',
        tags,
        params: OrgParams,
        response: { 200: Type.Object({ data: Type.Array(InvoiceOut) }) },
      },
    },
    async (request) => {
      const id = await organizationOf(request);
      await billing().sync(id);
      return { data: (await billing().listInvoices(id)).map(({ organization_id: _o, ...i }) => i) };
    },
  );
};
