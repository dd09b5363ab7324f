// The team's reply by e-mail to a visitor who left an address while nobody was online (the handover's
// `ask_email`, widget/handlers/contact.ts, docs/operators.md "Handoff with nobody online"). It goes
// only when the visitor asked for it (the conversation has the `contact_saved` note) and is not
// connected on any instance (widget/watchers.ts): a visitor with the widget open reads the reply there. The link
// leads back to the page the widget was last on when the channel allows its origin, else to the
// channel's frame page; without a channel the e-mail says to open the chat again.
import type { AppContext } from '../../context.js';
import type { Message } from '../../../shared/schemas/entities.js';
import { visibleToVisitor } from '../../../shared/visibility.js';
import { visitorLocale } from '../widget/channel-config.js';
import { visitorTextLocale } from '../agent/texts.js';
import { orgLanguageOf } from '../org/settings-of.js';
import { visitorContextFor } from '../widget/visitors.js';
import { visitorConnected } from '../widget/watchers.js';
import { visitorConnectedAnywhere } from '../../cluster/watchers-relay.js';
import { publicUrls } from '../widget/urls.js';
import { originAllowed } from '../widget/origins.js';
import { visitorReplyMail } from './visitor-texts.js';

const isHttp = (url: string) => /^https?:\/\//i.test(url);

/** Follows the conversation bus; returns the function that stops it. */
export function startVisitorReplyMail(ctx: AppContext, port: () => number | null, log: (error: unknown) => void): () => void {
  if (!ctx.services.mail.configured) return () => undefined;
  return ctx.bus.subscribeAll((event) => {
    if (event.type !== 'message.created') return;
    const m = event.message;
    if (m.role !== 'operator' || m.type !== 'message' || !visibleToVisitor(m)) return;
    if (visitorConnected(event.conversation_id)) return;
    // The visitor's socket may be held by another instance (cluster/watchers-relay.ts).
    void visitorConnectedAnywhere(ctx, event.conversation_id)
      .then((connected) => (connected ? false : mailReply(ctx, event.project_id, event.conversation_id, m, port())))
      .catch(log);
  });
}

export async function mailReply(ctx: AppContext, projectId: string, conversationId: string, message: Message, port: number | null): Promise<boolean> {
  const record = await ctx.services.conversations.get(projectId, conversationId);
  if (!record || !record.messages.some((x) => x.type === 'note' && x.labels.includes('contact_saved'))) return false;
  const user = await ctx.services.users.get(projectId, record.user_id);
  const to = (user?.external_attributes?.contact_email as string | undefined) ?? user?.email;
  if (!user || !to) return false;
  const project = (await ctx.store.collection('projects').findBy('id', projectId))[0];
  if (!project) return false;
  const channel = record.channel_id ? await ctx.store.collection('channels').get(projectId, record.channel_id) : undefined;
  const visitor = await visitorContextFor(ctx, projectId, conversationId);
  const locales = visitor?.locales.length ? visitor.locales : (user.locales ?? []);
  const orgLanguage = await orgLanguageOf(ctx, projectId);
  const locale = channel ? visitorLocale(channel, locales, orgLanguage) : visitorTextLocale(null, locales, undefined, orgLanguage);
  const urls = publicUrls(ctx.config, port);
  // The page is what the widget reported: trusted only on an origin the channel allows, so nobody
  // gets Parley to e-mail a link of their choosing under the team's name.
  const page = visitor?.page?.url;
  const pageOk = !!page && isHttp(page) && !!channel && originAllowed(channel, new URL(page).origin, urls, null, port);
  const url = pageOk ? page : channel ? `${urls.chatUrl}/frame/${channel.frame_id}` : null;
  const content = visitorReplyMail(locale, { name: message.author?.name ?? 'Support', team: channel?.name || project.name, reply: message.content, url });
  const queued = await ctx.services.mail.enqueue({ kind: 'visitor_reply', organization_id: project.organization_id, project_id: projectId, to, ...content });
  return queued !== null;
}
