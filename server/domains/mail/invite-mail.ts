// The invite e-mail: the same single-use link the console shows the admin, sent to the member.
import type { AppContext } from '../../context.js';
import type { Member } from '../../../shared/schemas/entities.js';
import type { SessionContext } from '../../http/auth/session.js';
import { inviteMail } from './team-texts.js';

/** True when the e-mail was queued; false when this server sends no e-mail. */
export async function sendInvite(ctx: AppContext, team: SessionContext, member: Member, url: string, language: string): Promise<boolean> {
  const content = inviteMail(language, { org: team.organization.name, inviter: team.member.name || team.member.email, url });
  const queued = await ctx.services.mail.enqueue({ kind: 'invite', organization_id: member.organization_id, to: member.email, ...content });
  return queued !== null;
}
