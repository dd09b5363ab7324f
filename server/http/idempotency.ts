// Idempotency-Key on POST (docs/architecture.md section 2): the first result of a key is stored (store
// collection `idempotency`, scoped by project or organization) and a retry with the same key replays
// it byte for byte with `Idempotent-Replayed: true`. Keys are per principal (API key or team member),
// method and path; the same key with a different body is a 409 idempotency_conflict, and so is a
// retry while the first request is still running. Only results that reached the handler are stored:
// auth failures, validation errors and 5xx are not, so those can be retried with the same key.
// Records live 24 hours. Streaming (SSE) generation is not replayable and ignores the header.
// Instances sharing a database (docs/architecture.md section 7) see the same records, and a first
// request takes the key with a job claim (server/jobs/claims.ts) before it runs: of two concurrent
// first requests, on one instance or two, exactly one runs and the other gets the 409.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { now } from '../lib/ids.js';
import { clock } from '../lib/clock.js';
import { sharedState } from '../jobs/shared.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A pending record older than this belongs to a request that died; a retry may take it over. */
const PENDING_TIMEOUT_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface Claim {
  scope: string;
  id: string;
  /** The request holding the record: a late answer from a request whose claim was taken over must not touch it. */
  owner: string;
  /** The claim on the key (held while the request runs). */
  claim: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: Claim;
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function principalOf(request: FastifyRequest): { scope: string; who: string } | undefined {
  if (request.apiKey) return { scope: request.apiKey.project_id, who: `key:${request.apiKey.id}` };
  if (request.team) return { scope: request.team.organization.id, who: `member:${request.team.member.id}` };
  return undefined;
}

export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  const records = ctx.store.collection('idempotency');
  const { claims } = sharedState(ctx);
  const holderOf = (request: FastifyRequest) => `${claims.instanceId}:${request.id}`;

  // Callback-style fast path: most requests carry no Idempotency-Key.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST' || request.headers['idempotency-key'] === undefined) return done();
    claim(request, reply).then((replayed) => {
      if (!replayed) done();
    }, done);
  });

  /** Resolves true when it answered the request with the stored replay. */
  async function claim(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const header = request.headers['idempotency-key'];
    if (String(request.headers.accept ?? '').includes('text/event-stream')) return false;
    const principal = principalOf(request);
    if (!principal) return false;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('invalid_request', 'Idempotency-Key must be 1-255 visible ASCII characters', {
        details: [{ path: 'headers.idempotency-key', message: 'must be 1-255 visible ASCII characters' }],
      });
    }
    const id = sha256(`${principal.who}\n${request.method}\n${request.url}\n${header}`);
    const fingerprint = sha256(JSON.stringify(request.body ?? null));
    if (await replayed(principal.scope, id, fingerprint, reply)) return true;
    // The claim, not the pending record, decides who runs: two reads of "no record yet" on two
    // instances would otherwise both run. A holder that died frees the key after PENDING_TIMEOUT_MS.
    const claim = `idempotency:${principal.scope}:${id}`;
    if (!(await claims.acquire(claim, { ttlMs: PENDING_TIMEOUT_MS, holder: holderOf(request) }))) {
      throw new AppError('idempotency_conflict', 'A request with this Idempotency-Key is still in progress; retry shortly');
    }
    try {
      // The holder before us may have finished between our read and our claim.
      if (await replayed(principal.scope, id, fingerprint, reply)) {
        await claims.release(claim, holderOf(request));
        return true;
      }
      await records.put(principal.scope, { id, state: 'pending', owner: request.id, fingerprint, created_at: now() });
    } catch (err) {
      await claims.release(claim, holderOf(request)).catch(() => undefined);
      throw err;
    }
    request.idempotency = { scope: principal.scope, id, owner: request.id, claim };
    return false;
  }

  /** Answers from a finished record of this key (true), or refuses a different body under it. */
  async function replayed(scope: string, id: string, fingerprint: string, reply: FastifyReply): Promise<boolean> {
    const existing = await records.get(scope, id);
    if (!existing || clock.now() - Date.parse(existing.created_at) >= IDEMPOTENCY_TTL_MS) return false;
    if (existing.fingerprint !== fingerprint) {
      throw new AppError('idempotency_conflict', 'This Idempotency-Key was used with a different request body');
    }
    if (existing.state !== 'done') return false;
    reply
      .code(existing.status)
      .header('content-type', existing.content_type ?? 'application/json; charset=utf-8')
      .header('Idempotent-Replayed', 'true');
    reply.send(existing.body);
    return true;
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (!claim) return done(null, payload);
    store(request, reply, payload)
      .finally(() => claims.release(claim.claim, holderOf(request)).catch(() => undefined))
      .then((p) => done(null, p), done);
  });

  async function store(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotency!;
    request.idempotency = undefined;
    if (reply.statusCode >= 500 || (payload !== null && payload !== undefined && typeof payload !== 'string')) {
      const record = await records.get(claim.scope, claim.id);
      if (record?.owner === claim.owner) await records.delete(claim.scope, claim.id);
      return payload;
    }
    // A request taken over as stale (it outlived PENDING_TIMEOUT_MS) leaves the record to its new owner.
    await records.update(claim.scope, claim.id, (r) =>
      r.owner !== claim.owner
        ? undefined
        : {
            ...r,
            state: 'done',
            status: reply.statusCode,
            content_type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
            body: payload ?? '',
          },
    );
    return payload;
  }
}
