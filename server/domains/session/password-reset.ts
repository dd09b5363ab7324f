// "Forgot password?" (docs/operators.md "E-mail"): a single-use link `/app/reset-password#<org>.<member>.<secret>`
// e-mailed to the member, valid for an hour. As with invites (invites.ts) only a sha256 of the secret
// is stored, so a copy of the data directory cannot reset anyone's password. Asking never says whether
// the address has an account: the route answers the same at once and this runs after the answer.
// Using the link sets the password, clears the link and every pending invite link or temporary
// password, and ends every session of the member (the same grant signal as a password change), so
// whoever held the old password is out.
import { createHash } from 'node:crypto';
import type { Member } from '../../../shared/schemas/entities.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { randomToken } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { resetMail } from '../mail/team-texts.js';
import { safeEqual } from './service.js';

export const RESET_TTL_MS = 60 * 60_000;
const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function createPasswordReset(ctx: AppContext) {
  const members = ctx.store.collection('members');

  return {
    /**
     * E-mails a reset link when `email` belongs to a member; does nothing otherwise. A new request
     * replaces the previous link, so only the latest e-mail works.
     */
    async request(email: string, language: string, baseUrl: string): Promise<void> {
      const { mail, org } = ctx.services;
      if (!mail.configured) return;
      const member = await org.findMemberByEmail(email);
      if (!member) return;
      const secret = randomToken(24);
      const patch = { reset_hash: hash(secret), reset_expires_at: new Date(Date.now() + RESET_TTL_MS).toISOString() };
      const stored = await members.update(member.organization_id, member.id, (m) => ({ ...m, ...patch }));
      if (!stored) return;
      const url = `${baseUrl}/app/reset-password#${member.organization_id}.${member.id}.${secret}`;
      await mail.enqueue({ kind: 'password_reset', organization_id: member.organization_id, to: member.email, ...resetMail(language, { email: member.email, url }) });
    },

    /** Sets the new password through a link; a used, expired, replaced or made-up link is a 404. */
    async complete(token: string, password: string): Promise<Member> {
      const [orgId, memberId, secret] = token.split('.');
      const gone = new AppError('not_found', 'This reset link was already used, has expired or is not valid: ask for a new one');
      if (!orgId || !memberId || !secret) throw gone;
      const member = await members.get(orgId, memberId).catch(() => undefined);
      const valid = (m: Member | undefined) => !!m?.reset_hash && safeEqual(m.reset_hash, hash(secret)) && Date.parse(m.reset_expires_at ?? '') >= Date.now();
      if (!valid(member)) throw gone;
      const password_hash = await hashPassword(password);
      let used = false;
      // Checked again inside the update: of two requests with the same link only one gets through.
      const updated = await members.update(orgId, memberId, (m) => {
        if (!valid(m)) return undefined;
        used = true;
        const { reset_hash: _r, reset_expires_at: _re, invite_hash: _i, invite_expires_at: _ie, must_change_password: _m, ...rest } = m;
        return { ...rest, password_hash };
      });
      if (!updated || !used) throw gone;
      await ctx.services.sessions.destroyForMember(orgId, memberId);
      return updated;
    },
  };
}
