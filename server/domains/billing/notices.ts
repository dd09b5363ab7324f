// E-mails to the billing contacts (docs/billing.md "E-mails"): an invoice closed, or a category's
// usage passed 80 % or 100 % of its committed volume this period. Each notice is recorded on the
// subscription (`notices`) before it is queued, so a notice goes out once per period.
import type { MailService } from '../mail/mailer.js';
import { renderHtml, renderText, type MailParts } from '../mail/render.js';
import { CATEGORY_LABELS, formatMoney } from './money.js';
import type { Usage } from './pricing.js';
import type { StoredInvoice, StoredSubscription } from './types.js';

export const THRESHOLDS = [80, 100] as const;

/** The `<category>:<percent>` notices due for this usage that were not sent yet, highest first per category. */
export function dueNotices(sub: StoredSubscription, usage: Usage): { key: string; category: string; percent: number; used: number; volume: number }[] {
  const due = [];
  for (const item of sub.line_items) {
    if (item.category === 'projects' || item.volume === 0) continue;
    const used = usage[item.category];
    const passed = THRESHOLDS.filter((t) => used * 100 >= item.volume * t);
    const top = passed.at(-1);
    // Both keys are recorded, so a jump from 70 % to 120 % sends one mail (100 %), not two.
    if (top !== undefined && !sub.notices.includes(`${item.category}:${top}`)) {
      due.push({ key: `${item.category}:${top}`, category: item.category, percent: top, used, volume: item.volume });
    }
  }
  return due;
}

async function send(mail: MailService, sub: StoredSubscription, subject: string, parts: Omit<MailParts, 'language'>) {
  const p = { language: 'en', ...parts };
  for (const to of sub.billing_contacts) {
    await mail.enqueue({ kind: 'billing', organization_id: sub.organization_id, to, subject, text: renderText(p), html: renderHtml(p), language: 'en' });
  }
}

export function sendUsageNotice(mail: MailService, sub: StoredSubscription, orgName: string, n: { category: string; percent: number; used: number; volume: number }) {
  const label = CATEGORY_LABELS[n.category] ?? n.category;
  return send(mail, sub, `${orgName}: ${label} at ${n.percent} % of the committed volume`, {
    paragraphs: [
      `${orgName} has used ${n.used} of the ${n.volume} ${label} committed for this billing period (${n.percent} % or more).`,
      n.percent >= 100 ? 'Usage above the committed volume is billed at the overage rate.' : 'Usage above the committed volume will be billed at the overage rate.',
    ],
    footer: ['You receive this because you are a billing contact of this Parley organization.'],
  });
}

export function sendInvoiceNotice(mail: MailService, sub: StoredSubscription, orgName: string, invoice: StoredInvoice, consoleUrl: string | null) {
  const start = invoice.period_start.slice(0, 10);
  const end = invoice.period_end.slice(0, 10);
  return send(mail, sub, `${orgName}: invoice ${invoice.number} (${formatMoney(invoice.total, invoice.currency)})`, {
    paragraphs: [
      `The billing period ${start} to ${end} of ${orgName} is closed. Invoice ${invoice.number} totals ${formatMoney(invoice.total, invoice.currency)}.`,
      ...invoice.lines.map((l) => `${CATEGORY_LABELS[l.category]}: ${l.used} used of ${l.committed_volume} committed, ${formatMoney(l.total, invoice.currency)}`),
    ],
    ...(consoleUrl ? { action: { label: 'Open billing in the console', url: consoleUrl } } : {}),
    footer: ['The PDF and CSV are in the console under Billing. You receive this because you are a billing contact of this Parley organization.'],
  });
}
