// The widget visitor's side of an audience's facts (spec 2.8 "browser URL and user agent"): the page
// the visitor is on and the User-Agent header of their latest connection, as the widget stored them
// (widget/visitors.ts). The session's values win over the device's, as the team's visitor panel shows.
import type { AppContext } from '../../context.js';
import { getDevice, getSession } from '../widget/visitors.js';

export interface VisitorFacts {
  browserUrl: string | null;
  userAgent: string | null;
}

export async function visitorFactsFor(ctx: AppContext, projectId: string, conversationId: string): Promise<VisitorFacts> {
  const link = (await ctx.store.collection('devices').get(projectId, conversationId)) as { kind?: string; session_id?: string; device_id?: string } | undefined;
  if (link?.kind !== 'conversation' || !link.session_id || !link.device_id) return { browserUrl: null, userAgent: null };
  const session = await getSession(ctx, projectId, link.session_id);
  // The device is read only when the session lacks something (an older session, before a page update).
  const device = session?.page && session.user_agent ? undefined : await getDevice(ctx, projectId, link.device_id);
  return {
    browserUrl: (session?.page ?? device?.page)?.url ?? null,
    userAgent: session?.user_agent ?? device?.user_agent ?? null,
  };
}
