import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory.js';
import { ANONYMOUS_LIMITS, limitsFor } from './plans.js';
import type { RateLimits } from './types.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 10, 0, 0); // start of a minute window
const limits = (perMinute: number, perDay = 1_000_000): RateLimits => ({ perMinute, perDay, burstFactor: 2, burstSeconds: 10 });

describe('plan limits (spec 8)', () => {
  it('uses the plan figures and enterprise agreements', () => {
    expect(limitsFor({ plan: 'standard' })).toMatchObject({ perMinute: 100, perDay: 10_000, burstFactor: 2, burstSeconds: 10 });
    expect(limitsFor({ plan: 'professional' })).toMatchObject({ perMinute: 300, perDay: 50_000 });
    expect(limitsFor({ plan: 'enterprise', rate_limits: { per_minute: 2000, per_day: 900_000 } })).toMatchObject({ perMinute: 2000, perDay: 900_000 });
    // Stored custom figures count only on the enterprise plan.
    expect(limitsFor({ plan: 'standard', rate_limits: { per_minute: 2000, per_day: 900_000 } })).toMatchObject({ perMinute: 100 });
    expect(ANONYMOUS_LIMITS.perMinute).toBe(100);
  });
});

describe('in-memory limiter', () => {
  it('admits the per-minute limit and reports what is left until the window resets', () => {
    const l = createMemoryRateLimiter();
    for (let i = 1; i <= 100; i++) {
      const d = l.hit('p', limits(100), T0 + i * 10);
      expect(d).toMatchObject({ allowed: true, limit: 100, remaining: 100 - i, reset: (T0 + MIN) / 1000 });
    }
  });

  it('allows a burst up to 2x the per-minute limit for up to 10 seconds, then 429 until the window ends', () => {
    const l = createMemoryRateLimiter();
    for (let i = 0; i < 100; i++) l.hit('p', limits(100), T0 + 1000);
    // Over the limit from t=2s: the burst is open for 10 s and up to 200 in the window.
    for (let i = 0; i < 100; i++) expect(l.hit('p', limits(100), T0 + 2000 + i).allowed).toBe(true);
    const capped = l.hit('p', limits(100), T0 + 3000);
    expect(capped).toMatchObject({ allowed: false, remaining: 0, retryAfter: 57, exceeded: 'minute' });
    // A new window starts fresh.
    expect(l.hit('p', limits(100), T0 + MIN).allowed).toBe(true);
  });

  it('ends the burst after 10 seconds even below the 2x cap', () => {
    const l = createMemoryRateLimiter();
    for (let i = 0; i < 10; i++) l.hit('p', limits(10), T0);
    expect(l.hit('p', limits(10), T0 + 5_000).allowed).toBe(true); // burst starts at 5 s
    expect(l.hit('p', limits(10), T0 + 14_999).allowed).toBe(true);
    const late = l.hit('p', limits(10), T0 + 15_000);
    expect(late).toMatchObject({ allowed: false, retryAfter: 45 });
  });

  it('enforces the daily limit without burst and says how long until the UTC day ends', () => {
    const l = createMemoryRateLimiter();
    const day = limits(100, 3);
    for (let i = 0; i < 3; i++) expect(l.hit('p', day, T0 + i * MIN).allowed).toBe(true);
    const refused = l.hit('p', day, T0 + 5 * MIN);
    expect(refused).toMatchObject({ allowed: false, exceeded: 'day' });
    expect(refused.retryAfter).toBe((Date.UTC(2026, 0, 6) - (T0 + 5 * MIN)) / 1000);
    expect(l.hit('p', day, Date.UTC(2026, 0, 6)).allowed).toBe(true);
  });

  it('keeps buckets apart and forgets idle ones', () => {
    const l = createMemoryRateLimiter();
    for (let i = 0; i < 5; i++) l.hit('a', limits(5), T0);
    expect(l.hit('b', limits(5), T0).remaining).toBe(4);
    expect(l.size()).toBe(2);
    l.hit('c', limits(5), T0 + 2 * 86_400_000);
    expect(l.size()).toBe(1);
  });
});

describe('rate limits over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (key: string) =>
    t.app.inject({ method: 'GET', url: `/v1/projects/${t.demo.project_id}/conversations`, headers: { authorization: `Bearer ${key}` } });

  it('counts per project, bursts to 2x, then answers 429 with retry_after and Retry-After', async () => {
    await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 5, per_day: 1000 } });
    const { key: second } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'second', permissions: ['conversation:read'], environment: 'test' });
    // Retried once if the clock minute happens to roll over mid-sequence.
    for (let attempt = 0; attempt < 2; attempt++) {
      t.app.rateLimiter.reset(`project:${t.demo.project_id}`);
      const responses = [];
      for (let i = 0; i < 11; i++) responses.push(await get(i % 2 ? second : t.demo.api_key));
      if (new Set(responses.map((r) => r.headers['x-ratelimit-reset'])).size > 1) continue;
      expect(responses.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(responses.slice(0, 5).map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
      const last = responses[10];
      expect(last.statusCode).toBe(429);
      const body = last.json();
      expect(body.error).toBe('rate_limit_exceeded');
      expect(body.retry_after).toBeGreaterThanOrEqual(1);
      expect(body.retry_after).toBeLessThanOrEqual(60);
      expect(body.message).toContain(`retry in ${body.retry_after} seconds`);
      expect(last.headers['retry-after']).toBe(String(body.retry_after));
      expect(last.headers['x-ratelimit-limit']).toBe('5');
      expect(last.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(last.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      return;
    }
    throw new Error('the minute rolled over twice');
  });

  it('applies the daily limit and a plan change on the next request', async () => {
    await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 100, per_day: 2 } });
    t.app.rateLimiter.reset(`project:${t.demo.project_id}`);
    expect((await get(t.demo.api_key)).statusCode).toBe(200);
    expect((await get(t.demo.api_key)).statusCode).toBe(200);
    const refused = await get(t.demo.api_key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/daily/);
    await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'professional' });
    const ok = await get(t.demo.api_key);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-ratelimit-limit']).toBe('300');
  });

  it('counts failed authentication per client address, not against the project', async () => {
    t.app.rateLimiter.reset(`project:${t.demo.project_id}`);
    const bad = () => t.app.inject({ method: 'GET', url: `/v1/projects/${t.demo.project_id}/conversations`, remoteAddress: '192.0.2.7' });
    for (let i = 0; i < 100; i++) expect((await bad()).statusCode).toBe(401);
    // The burst then the 2x cap: 100 more inside 10 s, then 429.
    let status = 401;
    for (let i = 0; i < 101 && status === 401; i++) status = (await bad()).statusCode;
    expect(status).toBe(429);
    const ok = await get(t.demo.api_key);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-ratelimit-remaining']).toBe('299');
  });
});

describe('asking without counting', () => {
  it('cost 0 reports the state and counts nothing', () => {
    const l = createMemoryRateLimiter();
    const lim: RateLimits = { perMinute: 2, perDay: 100, burstFactor: 1, burstSeconds: 0 };
    expect(l.hit('x', lim, T0, 0)).toMatchObject({ allowed: true, remaining: 2 });
    l.hit('x', lim, T0);
    l.hit('x', lim, T0);
    expect(l.hit('x', lim, T0, 0)).toMatchObject({ allowed: false, remaining: 0 });
  });
});
