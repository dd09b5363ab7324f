// Counts one request against a bucket and puts the X-RateLimit-* headers of spec 8 on the reply,
// errors included; a refusal becomes the 429 of spec 7 with Retry-After. Every guard that counts
// (project routes, organization routes, public links) answers through this one function.
import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';
import type { RateLimiter, RateLimits } from './types.js';

export async function countRequest(limiter: RateLimiter, reply: FastifyReply, bucket: string, limits: RateLimits): Promise<void> {
  const d = await limiter.hit(bucket, limits);
  reply.header('X-RateLimit-Limit', String(d.limit));
  reply.header('X-RateLimit-Remaining', String(d.remaining));
  reply.header('X-RateLimit-Reset', String(d.reset));
  if (!d.allowed) {
    reply.header('Retry-After', String(d.retryAfter));
    const which = d.exceeded === 'day' ? 'daily' : 'per-minute';
    throw new AppError('rate_limit_exceeded', `Rate limit exceeded (${which} limit): retry in ${d.retryAfter} seconds`, {
      retry_after: d.retryAfter,
    });
  }
}
