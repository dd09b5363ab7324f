// Team-member sessions (docs/architecture.md section 3): an opaque random token in an HttpOnly cookie, looked up
// by its sha256 hash (a stolen data file holds no usable token), plus a per-session CSRF token the
// client must echo in X-CSRF-Token on state-changing calls. Sessions slide: 7 days after the last use,
// and end at the latest 30 days after login. Logout deletes the session at once.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ParleyStore } from '../../store/index.js';
import type { AnyDoc } from '../../store/collections.js';
import type { Member } from '../../../shared/schemas/entities.js';
import { newId, now, randomToken } from '../../lib/ids.js';
import { clock } from '../../lib/clock.js';
import { grantChanged } from '../../http/auth/grant-changes.js';

export const SESSION_COOKIE = 'parley_session';
export const IDLE_TTL_MS = 7 * 86_400_000;
export const ABSOLUTE_TTL_MS = 30 * 86_400_000;
/** Sliding expiry is written at most this often, to keep reads off the disk. */
const REFRESH_MS = 3_600_000;

export interface Session extends AnyDoc {
  id: string;
  organization_id: string;
  member_id: string;
  token_hash: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createSessionService(store: ParleyStore) {
  const sessions = store.collection('sessions');

  function expiry(createdAt: number, nowMs: number) {
    return new Date(Math.min(nowMs + IDLE_TTL_MS, createdAt + ABSOLUTE_TTL_MS)).toISOString();
  }

  return {
    async create(member: Member): Promise<{ token: string; session: Session }> {
      const token = randomToken(32);
      const t = clock.now();
      const session: Session = {
        id: newId(),
        organization_id: member.organization_id,
        member_id: member.id,
        token_hash: hash(token),
        csrf_token: randomToken(24),
        created_at: new Date(t).toISOString(),
        last_seen_at: new Date(t).toISOString(),
        expires_at: expiry(t, t),
      };
      await sessions.put(member.organization_id, session);
      return { token, session };
    },

    /** The live session of a cookie value; expired sessions are removed and never returned. */
    async lookup(token: string | undefined): Promise<Session | undefined> {
      if (!token || token.length > 100) return undefined;
      const session = (await sessions.findBy('token_hash', hash(token)))[0] as Session | undefined;
      if (!session) return undefined;
      const t = clock.now();
      if (Date.parse(session.expires_at) <= t) {
        await sessions.delete(session.organization_id, session.id);
        grantChanged({ kind: 'member', organization_id: session.organization_id, member_id: session.member_id });
        return undefined;
      }
      if (t - Date.parse(session.last_seen_at) > REFRESH_MS) {
        // Awaited, so the answer (GET /v1/org/me) reports the extended expiry and the next request
        // sees it; this happens at most once an hour per session.
        const created = Date.parse(session.created_at);
        const refreshed = await sessions
          .update(session.organization_id, session.id, (s) => ({ ...s, last_seen_at: now(), expires_at: expiry(created, t) }))
          .catch(() => undefined);
        if (refreshed) return refreshed as Session;
      }
      return session;
    },

    // Ending a session also ends what was opened with it: the team feed and SSE streams re-check on
    // the signal (http/auth/grant-changes.ts), not only at their next request.
    async destroy(session: Pick<Session, 'organization_id' | 'id' | 'member_id'>): Promise<void> {
      await sessions.delete(session.organization_id, session.id);
      grantChanged({ kind: 'member', organization_id: session.organization_id, member_id: session.member_id });
    },

    /**
     * Removes every expired session and announces each, so a team feed or SSE stream opened with it
     * closes at its expiry (docs/api.md "Long-lived channels"): an open channel makes no request, so
     * `lookup` alone would never see its session end. Run by the periodic sweep (expiry-sweep.ts).
     */
    async sweepExpired(): Promise<number> {
      const t = clock.now();
      let removed = 0;
      for (const org of await sessions.scopes()) {
        for (const s of await sessions.list(org)) {
          if (Date.parse(s.expires_at) > t) continue;
          if (await sessions.delete(org, s.id)) removed += 1;
          grantChanged({ kind: 'member', organization_id: org, member_id: s.member_id });
        }
      }
      return removed;
    },

    /** Ends every session of a member (removed from the team, password changed, sign-out everywhere). */
    async destroyForMember(organizationId: string, memberId: string, exceptSessionId?: string): Promise<void> {
      for (const s of await sessions.list(organizationId)) if (s.member_id === memberId && s.id !== exceptSessionId) await sessions.delete(organizationId, s.id);
      grantChanged({ kind: 'member', organization_id: organizationId, member_id: memberId });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
