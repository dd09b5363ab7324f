// The payment method as the external payment provider's opaque reference (docs/billing.md "Payment
// method"): Parley never sees or stores card numbers. Owners set it; everyone else reads it.
import { useState } from 'preact/hooks';
import { patchSubscription, type SubscriptionResponse } from '../models/billing.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

type Current = SubscriptionResponse['subscription']['payment_method'];

export function PaymentMethodForm({ current, owner, onSaved }: { current: Current; owner: boolean; onSaved: (r: SubscriptionResponse) => void }) {
  const [provider, setProvider] = useState(current?.provider ?? '');
  const [reference, setReference] = useState(current?.reference ?? '');
  const { error, guard } = useErrorLine();
  return (
    <section class="card" aria-labelledby="payment-title">
      <h2 id="payment-title">Payment method</h2>
      <p data-testid="payment-method">
        {current ? `${current.label ?? 'Reference'}: ${current.provider} ${current.reference}` : 'No payment method reference is recorded.'}
      </p>
      {owner && (
        <form
          class="form-grid"
          onSubmit={(e) => {
            e.preventDefault();
            void guard(async () => onSaved(await patchSubscription({ payment_method: { provider: provider.trim(), reference: reference.trim() } })));
          }}
        >
          <label>
            Payment provider
            <input value={provider} onInput={(e) => setProvider(e.currentTarget.value)} required placeholder="stripe" />
          </label>
          <label>
            Provider reference (never a card number)
            <input value={reference} onInput={(e) => setReference(e.currentTarget.value)} required placeholder="pm_…" />
          </label>
          <button type="submit" class="btn">
            Save reference
          </button>
          <ErrorAlert text={error} />
        </form>
      )}
    </section>
  );
}
