// Billing (spec 2.12, 3.2, 8.1; docs/billing.md): the subscription's status, this period's usage per
// category against the committed volume, the projected bill, a daily chart of billed messages,
// past invoices with PDF and CSV, and the payment method reference. Owners cancel or resume and
// set the payment reference; the contract itself is set by the instance operator.
import { useEffect, useState } from 'preact/hooks';
import '../styles/email.css';
import '../styles/analytics.css';
import { currentMember } from '../models/session.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { CATEGORY_LABELS, STATUS_LABELS, day, loadInvoices, loadSubscription, money, patchSubscription, type Invoice, type SubscriptionResponse } from '../models/billing.js';
import { ApiError } from '../models/api.js';
import { Loading } from '../components/Loading.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { DailyChart } from '../components/DailyChart.js';
import { PaymentMethodForm } from '../components/PaymentMethodForm.js';

const SERIES = [
  { key: 'chat_messages', label: 'Chat', color: '#1f6feb' },
  { key: 'ticketing_messages', label: 'Ticketing', color: '#8250df' },
  { key: 'generated_messages', label: 'Generated', color: '#1a7f37' },
];

export default function BillingPage() {
  const [data, setData] = useState<SubscriptionResponse | null>(null);
  const [invoices, setInvoices] = useState<Invoice[]>([]);
  const [none, setNone] = useState(false);
  const { error, showError, guard } = useErrorLine();
  const owner = currentMember.value?.role === 'owner';
  const load = () =>
    Promise.all([loadSubscription(), loadInvoices()]).then(
      ([s, i]) => (setData(s), setInvoices(i)),
      (e) => (e instanceof ApiError && e.code === 'no_subscription' ? setNone(true) : showError(e)),
    );
  useEffect(() => {
    pageTitle.value = `Billing · ${BASE_TITLE}`;
    void load();
  }, []);
  const act = (action: 'cancel' | 'resume') => guard(async () => setData(await patchSubscription({ action })));

  if (none) {
    return (
      <div class="setup">
        <h1>Billing</h1>
        <p data-testid="no-subscription">This organization has no subscription yet. The operator of this Parley server sets the contract.</p>
      </div>
    );
  }
  const sub = data?.subscription;
  const cur = data?.current;
  const used = (lines: NonNullable<typeof cur>['lines']) => lines.filter((l) => sub?.line_items.some((i) => i.category === l.category));
  return (
    <div class="setup">
      <h1>Billing</h1>
      <ErrorAlert text={error} />
      {!data && !error && <Loading />}
      {sub && (
        <section class="card" aria-labelledby="sub-title">
          <h2 id="sub-title">Subscription</h2>
          <p data-testid="sub-status">
            <strong>{STATUS_LABELS[sub.status]}</strong>
            {sub.status === 'trial' && sub.testphase_end && <> until {day(sub.testphase_end)}: cancelling now ends the contract at once.</>}
            {sub.status === 'cancelled' && sub.ends_at && <>: ends on {day(sub.ends_at)}.</>}
            {sub.status === 'expired' && sub.expired_at && <> since {day(sub.expired_at)}.</>}
          </p>
          <p>
            {sub.contract_months}-month contract from {day(sub.term_start)} to {day(sub.term_end)}, billed {sub.billing_period}; next period starts {day(sub.next_renewal)}.
          </p>
          {owner && (sub.status === 'trial' || sub.status === 'active') && (
            <button type="button" class="btn" onClick={() => void act('cancel')}>
              {sub.status === 'trial' ? 'Cancel now (early termination)' : 'Cancel at the end of the contract term'}
            </button>
          )}
          {owner && sub.status === 'cancelled' && (
            <button type="button" class="btn" onClick={() => void act('resume')}>
              Keep the subscription
            </button>
          )}
        </section>
      )}
      {sub && cur && (
        <section class="card" aria-labelledby="usage-title">
          <h2 id="usage-title">
            This period: {day(cur.period.start)} to {day(cur.period.end)}
          </h2>
          <div class="outbox-scroll" tabIndex={0} role="region" aria-label="Usage and projected bill">
            <table class="outbox" data-testid="usage">
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Used</th>
                  <th scope="col">Committed</th>
                  <th scope="col">So far</th>
                  <th scope="col">Projected use</th>
                  <th scope="col">Projected bill</th>
                </tr>
              </thead>
              <tbody>
                {used(cur.lines).map((l, i) => (
                  <tr key={l.category}>
                    <th scope="row">{CATEGORY_LABELS[l.category]}</th>
                    <td>{l.used}</td>
                    <td>
                      {l.committed_volume}
                      {l.committed_volume > 0 && <span class="muted"> ({Math.round((l.used * 100) / l.committed_volume)} %)</span>}
                    </td>
                    <td>{money(l.total, cur.currency)}</td>
                    <td>{cur.projected.lines[i]!.used}</td>
                    <td>{money(cur.projected.lines[i]!.total, cur.currency)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Total</th>
                  <td colSpan={2} />
                  <td data-testid="total-so-far">{money(cur.total, cur.currency)}</td>
                  <td />
                  <td data-testid="projected-total">{money(cur.projected.total, cur.currency)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <p class="muted">Billed messages are AI replies; spam is never billed. The projection extends the average daily use so far to the end of the period.</p>
          <p>
            <a class="btn" href="/v1/org/subscription/usage.csv" download>
              Download usage (CSV)
            </a>
          </p>
        </section>
      )}
      {/* The chart reads only `date` and the series' keys of each row, so the day rows fit it as they are. */}
      {sub && cur && <DailyChart title="Billed messages" rows={cur.daily as never} series={SERIES.filter((s) => sub.line_items.some((i) => i.category === s.key)) as never} />}
      {sub && (
        <section class="card" aria-labelledby="invoices-title">
          <h2 id="invoices-title">Invoices</h2>
          {invoices.length === 0 ? (
            <p class="muted">No billing period has closed yet.</p>
          ) : (
            <ul data-testid="invoices">
              {invoices.map((inv) => (
                <li key={inv.id}>
                  <strong>{inv.number}</strong> {day(inv.period_start)} to {day(inv.period_end)}: {money(inv.total, inv.currency)}{' '}
                  <a href={`/v1/org/invoices/${inv.id}/pdf`} download>
                    PDF<span class="sr-only"> of invoice {inv.number}</span>
                  </a>{' '}
                  <a href={`/v1/org/invoices/${inv.id}/csv`} download>
                    CSV<span class="sr-only"> of invoice {inv.number}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {sub && <PaymentMethodForm current={sub.payment_method} owner={owner} onSaved={setData} />}
    </div>
  );
}
