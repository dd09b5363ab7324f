// Plan limits of spec section 8. Enterprise limits are per agreement: organization.rate_limits.
import type { Organization } from '../../../shared/schemas/entities.js';
import type { RateLimits } from './types.js';

export const BURST_FACTOR = 2;
export const BURST_SECONDS = 10;

export const PLAN_LIMITS: Record<Organization['plan'], { per_minute: number; per_day: number }> = {
  standard: { per_minute: 100, per_day: 10_000 },
  professional: { per_minute: 300, per_day: 50_000 },
  // Used only when an enterprise organization has no agreed figures stored yet.
  enterprise: { per_minute: 1_000, per_day: 500_000 },
};

/** The limits that apply to an organization; stored custom figures count on the enterprise plan only. */
export function limitsFor(org: Pick<Organization, 'plan' | 'rate_limits'> | undefined): RateLimits {
  const plan = org?.plan ?? 'standard';
  const base = (plan === 'enterprise' && org?.rate_limits) || PLAN_LIMITS[plan];
  return { perMinute: base.per_minute, perDay: base.per_day, burstFactor: BURST_FACTOR, burstSeconds: BURST_SECONDS };
}

/** Requests that fail authentication count per client address, at the Standard figures. */
export const ANONYMOUS_LIMITS: RateLimits = limitsFor({ plan: 'standard' });
