// The subscription state machine (spec 3.2, 8.1 rule 7; docs/billing.md "Lifecycle"), as pure
// functions of a subscription and the time, so the service, the background tick and the tests all
// run the same rules. Time-driven steps (the early-termination window closing, a period closing, a
// contract renewing, a cancellation taking effect) happen in `advance`; the rest are events.
//
//   trial ──window ends──▶ active ──cancel──▶ cancelled ──term ends──▶ expired
//     │                      ▲ └──────resume────┘                          ▲
//     └──cancel (early termination: ends at once)──────────────────────────┘
//   any but expired ──operator expires──▶ expired
import { AppError } from '../../errors.js';
import { nextBoundary, termEnd } from './periods.js';
import type { StoredSubscription } from './types.js';

/** A billing period that has ended and is to be invoiced. */
export interface ClosedPeriod {
  start: string;
  end: string;
}

export interface Step {
  sub: StoredSubscription;
  closed: ClosedPeriod[];
}

const iso = (t: number) => new Date(t).toISOString();

/** Applies every time-driven transition due at `now`. */
export function advance(input: StoredSubscription, now: number): Step {
  const sub = { ...input };
  const closed: ClosedPeriod[] = [];
  for (;;) {
    if (sub.status === 'expired') break;
    if (sub.status === 'trial' && sub.testphase_end && Date.parse(sub.testphase_end) <= now) sub.status = 'active';
    const end = sub.next_renewal;
    if (Date.parse(end) > now) break;
    closed.push({ start: sub.period_start, end });
    sub.period_start = end;
    sub.notices = [];
    if (sub.status === 'cancelled' && sub.ends_at && Date.parse(sub.ends_at) <= Date.parse(end)) {
      sub.status = 'expired';
      sub.expired_at = sub.ends_at;
      break;
    }
    // A contract renews for another term unless it was cancelled (spec 2.12 "contract period").
    if (Date.parse(end) >= Date.parse(termEnd(sub))) sub.term_start = end;
    sub.next_renewal = nextBoundary(sub, end);
  }
  return { sub, closed };
}

const transition = (message: string) => new AppError('invalid_transition', message);

/**
 * The owner cancels. Inside the early-termination window the contract ends at once (the period so
 * far is invoiced); after it, the subscription runs to the end of its contract term and expires.
 */
export function cancel(input: StoredSubscription, now: number): Step {
  const { sub, closed } = advance(input, now);
  if (sub.status === 'trial') return end(sub, closed, now);
  if (sub.status !== 'active') throw transition(`a ${sub.status} subscription cannot be cancelled`);
  return { sub: { ...sub, status: 'cancelled', cancelled_at: iso(now), ends_at: termEnd(sub) }, closed };
}

/** The owner withdraws a cancellation before it takes effect. */
export function resume(input: StoredSubscription, now: number): Step {
  const { sub, closed } = advance(input, now);
  if (sub.status !== 'cancelled') throw transition(`only a cancelled subscription can be resumed (this one is ${sub.status})`);
  return { sub: { ...sub, status: 'active', cancelled_at: null, ends_at: null }, closed };
}

/** The instance operator ends a subscription now (e.g. unpaid); the period so far is invoiced. */
export function expireNow(input: StoredSubscription, now: number): Step {
  const { sub, closed } = advance(input, now);
  if (sub.status === 'expired') throw transition('the subscription has already expired');
  return end(sub, closed, now);
}

function end(sub: StoredSubscription, closed: ClosedPeriod[], now: number): Step {
  const at = iso(now);
  return {
    sub: { ...sub, status: 'expired', ends_at: at, expired_at: at, cancelled_at: sub.cancelled_at ?? at, next_renewal: at, period_start: at },
    closed: [...closed, { start: sub.period_start, end: at }],
  };
}
