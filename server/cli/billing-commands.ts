// Instance operators set an organization's contract here (docs/billing.md "Contracts"): the team
// manages only what spec 2.12 leaves to it (cancelling, contacts, the payment reference) in the console.
import { Compile } from 'typebox/compile';
import { AppError } from '../errors.js';
import { ContractBody } from '../../shared/schemas/billing.js';
import { present } from '../domains/billing/service.js';
import type { Command, Values } from './commands.js';

const checkContract = Compile(ContractBody);
const list = (v: Values[string]) => (v === undefined ? [] : ([] as (string | boolean)[]).concat(v).map(String));
const int = (name: string, v: string) => {
  if (!/^\d+$/.test(v)) throw new AppError('invalid_request', `${name} must be a whole number (got "${v}")`);
  return Number(v);
};

/** `chat_messages:volume=1000,rate=5,overage_rate=8[,unit=1][,overage_unit=1][,prepaid_until=2026-12-31]`. */
function lineItem(spec: string) {
  const [category, rest = ''] = spec.split(':');
  const item: Record<string, unknown> = { category };
  for (const pair of rest.split(',').filter(Boolean)) {
    const [key, value = ''] = pair.split('=');
    item[key!] = key === 'prepaid_until' ? new Date(value).toISOString() : int(`${category} ${key}`, value);
  }
  return item;
}

function contractFrom(v: Values): ContractBody {
  const body: Record<string, unknown> = { line_items: list(v['line-item']).map(lineItem) };
  if (typeof v.start === 'string') body.start_date = new Date(v.start).toISOString();
  if (typeof v.months === 'string') body.contract_months = int('--months', v.months);
  if (typeof v.period === 'string') body.billing_period = v.period;
  if (typeof v['testphase-days'] === 'string') body.testphase_days = int('--testphase-days', v['testphase-days']);
  if (typeof v.currency === 'string') body.currency = v.currency;
  if (v['keep-replies']) body.stop_replies_when_expired = false;
  if (v.contact !== undefined) body.billing_contacts = list(v.contact);
  if (!checkContract.Check(body)) {
    const e = checkContract.Errors(body)[0];
    throw new AppError('invalid_request', `contract: ${e?.instancePath || 'body'} ${e?.message ?? 'is invalid'}`);
  }
  return body as ContractBody;
}

async function requireOrg(ctx: Parameters<Command['run']>[1], id: unknown) {
  if (typeof id !== 'string' || !(await ctx.services.org.getOrganization(id))) throw new AppError('not_found', `--org: organization ${String(id)} not found`);
  return id;
}

export const BILLING_COMMANDS: Record<string, Command> = {
  'set-subscription': {
    summary:
      'Set an organization\'s contract (spec 2.12): --org ID --line-item CATEGORY:volume=N,rate=MINOR,overage_rate=MINOR[,unit=N][,overage_unit=N][,prepaid_until=DATE]... [--start DATE] [--months 12] [--period monthly|yearly] [--testphase-days 30 (0–84)] [--currency EUR] [--contact billing@…]... [--keep-replies (the agent keeps replying after expiry)]',
    options: {
      org: { type: 'string' },
      'line-item': { type: 'string', multiple: true },
      start: { type: 'string' },
      months: { type: 'string' },
      period: { type: 'string' },
      'testphase-days': { type: 'string' },
      currency: { type: 'string' },
      contact: { type: 'string', multiple: true },
      'keep-replies': { type: 'boolean' },
    },
    async run(v, ctx, print) {
      const org = await requireOrg(ctx, v.org);
      const sub = await ctx.services.billing.setContract(org, contractFrom(v));
      print(JSON.stringify(present(sub), null, 2));
    },
  },
  'show-subscription': {
    summary: 'Show an organization\'s subscription: --org ID',
    options: { org: { type: 'string' } },
    async run(v, ctx, print) {
      const org = await requireOrg(ctx, v.org);
      print(JSON.stringify(await ctx.services.billing.view(org), null, 2));
    },
  },
  'expire-subscription': {
    summary: 'End an organization\'s subscription now (the period so far is invoiced): --org ID',
    options: { org: { type: 'string' } },
    async run(v, ctx, print) {
      const org = await requireOrg(ctx, v.org);
      const sub = await ctx.services.billing.expire(org);
      print(`subscription of ${org}: ${sub.status} since ${sub.expired_at}`);
    },
  },
};
