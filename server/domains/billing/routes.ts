// Billing API for the team (docs/api.md "Billing", docs/billing.md): the subscription with this
// period's usage and projected bill, the owner's changes, invoices as JSON, PDF and CSV, and the
// period's usage as CSV. Session-only like every /v1/org route; roles per route in `config.role`.
// Contracts themselves are set by instance operators with the admin CLI (server/cli/billing-commands.ts).
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../../routes.js';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import { InvoiceOut, SubscriptionPatchBody, SubscriptionResponse } from '../../../shared/schemas/billing.js';
import { invoiceCsv, invoicePdf, usageCsv } from './documents.js';

const tags = ['billing'];
const InvoiceParams = Type.Object({ invoice_id: Type.String({ pattern: '^inv-[0-9]{8,14}$' }) });
const noSubscription = { ...ErrorSchema, description: 'no_subscription: no contract was set for this organization yet' };

const download = (reply: FastifyReply, type: string, filename: string, body: string | Buffer) =>
  reply.type(type).header('Content-Disposition', `attachment; filename="${filename}"`).header('Cache-Control', 'private, no-store').send(body);

export const billingRoutes: RouteModule = (app, ctx) => {
  const billing = () => ctx.services.billing;

  app.get(
    '/v1/org/subscription',
    {
      schema: {
        summary: 'The subscription, this period’s usage and the projected bill',
        description: 'Spec 2.12, 3.2, 8.1. Time-driven changes (a closed period, a renewal, an expiry) are applied before answering.',
        tags,
        response: { 200: SubscriptionResponse, 404: noSubscription },
      },
    },
    async (request) => billing().view(request.team!.organization.id),
  );

  app.patch(
    '/v1/org/subscription',
    {
      config: { role: 'owner' },
      schema: {
        summary: 'Cancel or resume, billing contacts, payment method reference',
        description:
          '`action: "cancel"` inside the early-termination window ends the contract at once; after it, at the end of the contract term. `resume` withdraws a cancellation. The payment method is an opaque reference of the payment provider, never card data.',
        tags,
        body: SubscriptionPatchBody,
        response: { 200: SubscriptionResponse, 404: noSubscription, 409: { ...ErrorSchema, description: 'invalid_transition' } },
      },
    },
    async (request) => {
      const id = request.team!.organization.id;
      await billing().ownerPatch(id, request.body as SubscriptionPatchBody);
      return billing().view(id);
    },
  );

  app.get(
    '/v1/org/subscription/usage.csv',
    {
      schema: {
        summary: 'This period’s billed messages per day and category, as CSV',
        tags,
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: Type.String() } } }, 404: noSubscription },
      },
    },
    async (request, reply) => {
      const sub = await billing().sync(request.team!.organization.id);
      const cur = sub && (await billing().current(sub));
      if (!cur) return reply.code(404).send({ error: 'no_subscription', message: 'no running subscription' });
      return download(reply, 'text/csv; charset=utf-8', `usage-${cur.period.start.slice(0, 10)}.csv`, usageCsv(cur.daily));
    },
  );

  app.get(
    '/v1/org/invoices',
    { schema: { summary: 'Invoices of closed billing periods, newest first', tags, response: { 200: Type.Object({ data: Type.Array(InvoiceOut) }) } } },
    async (request) => {
      await billing().sync(request.team!.organization.id);
      return { data: (await billing().listInvoices(request.team!.organization.id)).map(({ organization_id: _o, ...i }) => i) };
    },
  );

  app.get(
    '/v1/org/invoices/:invoice_id/pdf',
    {
      schema: {
        summary: 'An invoice as PDF',
        tags,
        params: InvoiceParams,
        response: { 200: { description: 'PDF', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } }, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { invoice_id } = request.params as { invoice_id: string };
      const invoice = await billing().getInvoice(request.team!.organization.id, invoice_id);
      return download(reply, 'application/pdf', `invoice-${invoice.number}.pdf`, await invoicePdf(invoice, request.team!.organization.name));
    },
  );

  app.get(
    '/v1/org/invoices/:invoice_id/csv',
    {
      schema: {
        summary: 'An invoice as CSV (amounts in minor units)',
        tags,
        params: InvoiceParams,
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: Type.String() } } }, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { invoice_id } = request.params as { invoice_id: string };
      const invoice = await billing().getInvoice(request.team!.organization.id, invoice_id);
      return download(reply, 'text/csv; charset=utf-8', `invoice-${invoice.number}.csv`, invoiceCsv(invoice));
    },
  );
};
