// Single-use invite links (spec 2.1 team management): `/app/invite#<org>.<member>.<secret>`. Only a
// sha256 of the secret is stored on the invited member; accepting sets their password, clears the
// link (so it works once) and signs them in. The member exists from the invite on, with a random
// password nobody knows and must_change_password set, so the link is the only way in.
import { createHash } from 'node:crypto';
import type { Member } from '../../../shared/schemas/entities.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { randomToken } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { safeEqual } from './service.js';

export const INVITE_TTL_MS = 7 * 86_400_000;
const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function inviteLink(member: Member): { token: string; patch: Partial<Member> } {
  const secret = randomToken(24);
  return {
    token: `${member.organization_id}.${member.id}.${secret}`,
    patch: { invite_hash: hash(secret), invite_expires_at: new Date(Date.now() + INVITE_TTL_MS).toISOString(), must_change_password: true },
  };
}

/** The invited member with their own password, or a 404 for a used, expired or made-up link. */
export async function acceptInvite(ctx: AppContext, token: string, password: string): Promise<Member> {
  const [orgId, memberId, secret] = token.split('.');
  const gone = new AppError('not_found', 'This invite link was already used, has expired or is not valid: ask an admin for a new one');
  if (!orgId || !memberId || !secret) throw gone;
  const members = ctx.store.collection('members');
  const member = await members.get(orgId, memberId).catch(() => undefined);
  if (!member?.invite_hash || !safeEqual(member.invite_hash, hash(secret)) || Date.parse(member.invite_expires_at ?? '') < Date.now()) throw gone;
  const password_hash = await hashPassword(password);
  const updated = await members.update(orgId, memberId, ({ invite_hash: _h, invite_expires_at: _e, must_change_password: _m, ...m }) => ({ ...m, password_hash }));
  if (!updated) throw gone;
  return updated;
}
