// contact.leave (docs/operators.md "Handoff with nobody online"): after a handoff found nobody of the
// team online, the visitor leaves an e-mail to be answered later. It is stored on the user — as their
// e-mail when they have none or an unverified one (a signed e-mail is never replaced by a typed one),
// else in external_attributes.contact_email — and a note in their language confirms it.
import type { FrameHandler } from '../gateway.js';
import { AppError } from '../../../errors.js';
import { agentText } from '../../agent/texts.js';
import { visitorLocale } from '../channel-config.js';
import { orgLanguageOf } from '../../org/settings-of.js';

export const contact: FrameHandler<'contact.leave'> = async (frame, conn, gw) => {
  const { conversations, users } = gw.ctx.services;
  const record = await gw.requireConversation(conn, frame.conversation_id);
  if (!record.messages.some((m) => m.type === 'note' && m.labels.includes('ask_email'))) {
    throw new AppError('conflict', 'No e-mail was asked for in this conversation');
  }
  const email = frame.email.trim().toLowerCase();
  const user = await users.require(record.project_id, record.user_id);
  if (!user.email_signed) await users.patch(record.project_id, user.id, { email });
  else await users.patch(record.project_id, user.id, { external_attributes: { ...user.external_attributes, contact_email: email } });
  const locale = visitorLocale(conn.visitor!.channel, conn.visitor!.locales, await orgLanguageOf(gw.ctx, record.project_id));
  await conversations.append(record.project_id, record.id, {
    role: 'assistant',
    type: 'note',
    content: agentText(locale, 'contactSaved', { email }),
    labels: ['contact_saved'],
  });
};
