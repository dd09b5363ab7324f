// The billing service (spec 2.12, 3.2, 8.1; docs/billing.md): one subscription per organization run
// by the state machine in lifecycle.ts, usage recounted from message records (usage.ts), invoices
// for every closed period and e-mails to the billing contacts. `sync` applies what time has made
// due (closing periods, renewing, expiring) whenever a subscription is read, and the background
// tick does the same for every organization, so an invoice closes even if nobody looks.
//
// Several instances on one database (docs/scaling.md) read and sync the same subscriptions. Every
// change of a subscription runs holding the organization's job claim (server/jobs/claims.ts), on
// the newest stored state: a period is closed, invoiced and e-mailed by whoever holds the claim
// first, and the next holder finds the invoice already there and sends nothing. Reads take the
// claim only when something is due, so a page view costs no claim. Usage notices are marked on the
// subscription in one atomic update, and only the update that added a mark sends its e-mail.
import type { AppContext, Services } from '../../context.js';
import { AppError } from '../../errors.js';
import { clock } from '../../lib/clock.js';
import { exclusively } from '../../jobs/claims.js';
import { sharedState } from '../../jobs/shared.js';
import type { ContractBody, SubscriptionPatchBody } from '../../../shared/schemas/billing.js';
import { newSubscription, checkLineItems, normaliseItems } from './contract.js';
import { advance, cancel, expireNow, resume, type Step, type ClosedPeriod } from './lifecycle.js';
import { dueNotices, sendInvoiceNotice, sendUsageNotice } from './notices.js';
import { DAY_MS, termEnd } from './periods.js';
import { priceAll, projectUsage } from './pricing.js';
import { countUsage } from './usage.js';
import { createUsageCounter } from './usage-memo.js';
import type { StoredInvoice, StoredSubscription } from './types.js';

const isLegacy = (sub: StoredSubscription) => sub.line_items.some((i) => i.category === 'generated_messages');

/** How often every subscription is looked at: invoices close and usage notices go out within this. */
export const TICK_MS = 5 * 60_000;

export function createBillingService(ctx: Pick<AppContext, 'store' | 'config' | 'onClose' | 'signals'>, services: () => Pick<Services, 'mail'>) {
  const { claims, leaseMs } = sharedState(ctx);
  const subs = ctx.store.collection('subscriptions');
  const invoices = ctx.store.collection('invoices');
  // The open period's usage on every read and tick; a closed period is invoiced from the full recount.
  const countOpenPeriod = createUsageCounter(ctx.store, { listing: ctx.config.databaseUrl ? 'light' : 'documents' });
  const consoleUrl = `${ctx.config.baseUrl.replace(/\/$/, '')}/console/billing`;

  async function orgName(organizationId: string) {
    return (await ctx.store.collection('organizations').get('global', organizationId))?.name ?? 'Your organization';
  }

  /** The invoice of one closed period; its id is the period's, so closing it twice stores it once. */
  async function closePeriod(sub: StoredSubscription, period: ClosedPeriod): Promise<StoredInvoice | null> {
    const id = `inv-${period.start.replace(/[^0-9]/g, '').slice(0, 14)}`;
    if (await invoices.get(sub.organization_id, id)) return null;
    const { usage } = await countUsage(ctx.store, sub.organization_id, period.start, period.end, isLegacy(sub));
    const priced = priceAll(sub.line_items, usage, period.start);
    const invoice: StoredInvoice = {
      id,
      organization_id: sub.organization_id,
      number: `${period.start.slice(0, 10).replace(/-/g, '')}-${sub.organization_id.slice(-6).toUpperCase()}`,
      period_start: period.start,
      period_end: period.end,
      currency: sub.currency,
      lines: priced.lines,
      total: priced.total,
      closed_at: new Date(clock.now()).toISOString(),
    };
    await invoices.put(sub.organization_id, invoice);
    return invoice;
  }

  /** Stores a step's subscription, then invoices its closed periods and tells the contacts. */
  async function commit(step: Step): Promise<StoredSubscription> {
    const saved = await subs.put(step.sub.organization_id, { ...step.sub, updated_at: new Date(clock.now()).toISOString() });
    for (const period of step.closed) {
      const invoice = await closePeriod(saved, period);
      if (invoice && services().mail.configured) await sendInvoiceNotice(services().mail, saved, await orgName(saved.organization_id), invoice, consoleUrl);
    }
    return saved;
  }

  /** Runs a change of one organization's subscription alone across instances (see the header). */
  const locked = <T>(organizationId: string, fn: () => Promise<T>) => exclusively(claims, `billing:${organizationId}`, leaseMs, fn);

  const due = (sub: StoredSubscription, step: Step) => step.closed.length > 0 || step.sub.status !== sub.status;

  /** sync, for a caller already holding the organization's claim. */
  async function syncHeld(organizationId: string): Promise<StoredSubscription | null> {
    const sub = await subs.get(organizationId, organizationId);
    if (!sub) return null;
    const step = advance(sub, clock.now());
    return due(sub, step) ? commit(step) : sub;
  }

  /** The subscription with every time-driven transition applied, or null when there is none. */
  async function sync(organizationId: string): Promise<StoredSubscription | null> {
    const sub = await subs.get(organizationId, organizationId);
    if (!sub) return null;
    // Nothing due (nearly every read): no claim. Otherwise apply it under the claim, re-read there:
    // another instance may have closed the period in between.
    return due(sub, advance(sub, clock.now())) ? locked(organizationId, () => syncHeld(organizationId)) : sub;
  }

  async function requireHeld(organizationId: string): Promise<StoredSubscription> {
    const sub = await syncHeld(organizationId);
    if (!sub) throw new AppError('no_subscription', 'this organization has no subscription yet; an instance operator sets the contract');
    return sub;
  }

  /** Usage so far in the open period, priced, with the projected bill (spec 8.1 rule 6). */
  async function current(sub: StoredSubscription) {
    if (sub.status === 'expired') return null;
    const now = new Date(clock.now()).toISOString();
    const end = sub.status === 'cancelled' && sub.ends_at && sub.ends_at < sub.next_renewal ? sub.ends_at : sub.next_renewal;
    const counted = await countOpenPeriod(sub.organization_id, sub.period_start, end, isLegacy(sub));
    const soFar = priceAll(sub.line_items, counted.usage, sub.period_start);
    const projected = priceAll(sub.line_items, projectUsage(counted.usage, sub.period_start, end, now), sub.period_start);
    return { period: { start: sub.period_start, end }, currency: sub.currency, lines: soFar.lines, total: soFar.total, projected, daily: counted.daily, usage: counted.usage };
  }

  /**
   * Sends the 80 % / 100 % notices this period's usage calls for (each once per period). The marks
   * are added in one atomic update; a notice whose mark another tick (or instance) added first is
   * not sent again.
   */
  async function notify(sub: StoredSubscription, usage: Parameters<typeof dueNotices>[1]): Promise<void> {
    const notices = dueNotices(sub, usage);
    if (notices.length === 0 || !services().mail.configured) return;
    let ours: typeof notices = [];
    const updated = await subs.update(sub.organization_id, sub.id, (s) => {
      if (s.period_start !== sub.period_start) return undefined;
      ours = notices.filter((d) => !s.notices.includes(d.key));
      if (ours.length === 0) return undefined;
      const keys = ours.flatMap((d) => (d.percent >= 100 ? [`${d.category}:80`, d.key] : [d.key]));
      return { ...s, notices: [...new Set([...s.notices, ...keys])] };
    });
    if (!updated || ours.length === 0) return;
    const name = await orgName(sub.organization_id);
    for (const d of ours) await sendUsageNotice(services().mail, updated, name, d);
  }

  /** setContract, holding the organization's claim. */
  async function setContractHeld(organizationId: string, body: ContractBody): Promise<StoredSubscription> {
    const existing = await syncHeld(organizationId);
    const now = clock.now();
    // A contract may start in the past: what is already due (the window closed, periods ended) applies at once.
    if (!existing || existing.status === 'expired') return commit(advance(newSubscription(organizationId, body, now, existing ?? undefined), now));
    // Sending the running contract's own dates again (a PUT of the whole contract) changes nothing.
    const running = {
      start_date: existing.start_date,
      contract_months: existing.contract_months,
      billing_period: existing.billing_period,
      testphase_days: existing.testphase_end ? Math.round((Date.parse(existing.testphase_end) - Date.parse(existing.start_date)) / DAY_MS) : 0,
    };
    const same = (k: keyof typeof running) => (k === 'start_date' ? Date.parse(body.start_date!) === Date.parse(running.start_date) : body[k] === running[k]);
    const timing = (Object.keys(running) as (keyof typeof running)[]).filter((k) => body[k] !== undefined && !same(k));
    if (timing.length > 0) {
      throw new AppError('invalid_transition', `${timing.join(', ')} of a running contract cannot change; expire it first to start a new contract`);
    }
    const items = normaliseItems(body.line_items);
    checkLineItems(items);
    return commit({
      sub: {
        ...existing,
        line_items: items,
        currency: body.currency ?? existing.currency,
        stop_replies_when_expired: body.stop_replies_when_expired ?? existing.stop_replies_when_expired,
        billing_contacts: body.billing_contacts ?? existing.billing_contacts,
      },
      closed: [],
    });
  }

  /** ownerPatch, holding the organization's claim. */
  async function ownerPatchHeld(organizationId: string, body: SubscriptionPatchBody): Promise<StoredSubscription> {
    const sub = await requireHeld(organizationId);
    const now = clock.now();
    const step: Step = body.action === 'cancel' ? cancel(sub, now) : body.action === 'resume' ? resume(sub, now) : { sub, closed: [] };
    return commit({
      ...step,
      sub: {
        ...step.sub,
        ...(body.billing_contacts ? { billing_contacts: [...new Set(body.billing_contacts.map((e) => e.toLowerCase()))] } : {}),
        ...(body.payment_method !== undefined
          ? { payment_method: body.payment_method && { ...body.payment_method, label: body.payment_method.label ?? null } }
          : {}),
      },
    });
  }

  const service = {
    sync,
    current,
    async view(organizationId: string) {
      const sub = await sync(organizationId);
      if (!sub) throw new AppError('no_subscription', 'this organization has no subscription yet; an instance operator sets the contract');
      const cur = await current(sub);
      return { subscription: present(sub), current: cur ? strip(cur) : null };
    },

    /** Instance operators (admin CLI): a new contract, or new terms for the running one. */
    setContract: (organizationId: string, body: ContractBody) => locked(organizationId, () => setContractHeld(organizationId, body)),

    async expire(organizationId: string): Promise<StoredSubscription> {
      return locked(organizationId, async () => commit(expireNow(await requireHeld(organizationId), clock.now())));
    },

    /** What an owner may change: cancel or resume, billing contacts, the payment method reference. */
    async ownerPatch(organizationId: string, body: SubscriptionPatchBody): Promise<StoredSubscription> {
      const ref = body.payment_method?.reference.replace(/[\s.-]/g, '');
      // A payment reference is the provider's id; something that looks like a card number is refused (docs/billing.md).
      if (ref && /^\d{12,19}$/.test(ref)) throw new AppError('invalid_request', 'payment_method.reference must be the payment provider\'s reference, never a card number');
      return locked(organizationId, () => ownerPatchHeld(organizationId, body));
    },

    async listInvoices(organizationId: string): Promise<StoredInvoice[]> {
      return (await invoices.list(organizationId)).sort((a, b) => b.period_start.localeCompare(a.period_start));
    },

    async getInvoice(organizationId: string, id: string): Promise<StoredInvoice> {
      const invoice = await invoices.get(organizationId, id);
      if (!invoice) throw new AppError('not_found', 'invoice not found');
      return invoice;
    },

    /** Whether the agent may reply for this organization (docs/billing.md "When a subscription expires"). */
    async replying(organizationId: string): Promise<boolean> {
      const sub = await sync(organizationId);
      return !(sub && sub.status === 'expired' && sub.stop_replies_when_expired);
    },

    /** Every organization: apply what time made due, then the usage notices. */
    async tick(): Promise<void> {
      for (const organizationId of await subs.scopes()) {
        const sub = await sync(organizationId);
        if (!sub || sub.status === 'expired') continue;
        const cur = await current(sub);
        if (cur) await notify(sub, cur.usage);
      }
    },
  };
  // A lost tick is harmless (the next one, or any read, catches up), so errors are only logged.
  const timer = setInterval(() => void service.tick().catch((e) => console.error('billing tick failed', e)), TICK_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
  return service;
}

export type BillingService = ReturnType<typeof createBillingService>;

const strip = ({ usage: _u, ...rest }: NonNullable<Awaited<ReturnType<BillingService['current']>>>) => rest;

export function present(sub: StoredSubscription) {
  return {
    status: sub.status,
    start_date: sub.start_date,
    contract_months: sub.contract_months,
    term_start: sub.term_start,
    term_end: termEnd(sub),
    billing_period: sub.billing_period,
    testphase_end: sub.testphase_end,
    next_renewal: sub.next_renewal,
    currency: sub.currency,
    line_items: sub.line_items,
    stop_replies_when_expired: sub.stop_replies_when_expired,
    payment_method: sub.payment_method,
    billing_contacts: sub.billing_contacts,
    cancelled_at: sub.cancelled_at,
    ends_at: sub.ends_at,
    expired_at: sub.expired_at,
  };
}
