// page.update: the page the visitor is on (URL and title), kept on the device and on the session for
// audiences (spec 2.8) evaluated when the agent answers, plus the site's visitor attributes
// (`Parley('update', {attributes})`). A visitor who has not interacted yet keeps both in memory only,
// so browsing alone writes nothing (spec 5.1: nothing stored before interaction).
import type { FrameHandler, Gateway } from '../gateway.js';
import type { VisitorState } from '../connection.js';
import { announceVisitor, pageContext, updateDevice, updateSession } from '../visitors.js';

/** At most this many attribute keys per visitor, however many updates add. */
const MAX_ATTRIBUTES = 50;

/**
 * Browser-supplied attributes are untrusted (any script on the page can set them), so they live in the
 * user's `external_attributes.widget`, never over the keys the site's backend sets through the API.
 */
export async function saveVisitorAttributes(gw: Gateway, v: VisitorState) {
  if (!v.userId || !Object.keys(v.attributes).length) return;
  await gw.ctx.services.users.patch(v.projectId, v.userId, { external_attributes: { widget: v.attributes } });
}

export const page: FrameHandler<'page.update'> = async (frame, conn, gw) => {
  const v = gw.requireVisitor(conn);
  const current = pageContext(frame.page);
  v.page = current;
  if (frame.attributes) {
    const merged = { ...v.attributes, ...frame.attributes };
    v.attributes = Object.fromEntries(Object.entries(merged).slice(0, MAX_ATTRIBUTES));
  }
  if (!v.sessionId) return;
  const device = await updateDevice(gw.ctx, v.projectId, v.frameId, v.deviceId, (doc) => ({ ...doc, page: current, last_seen_at: current.at }));
  const session = await updateSession(gw.ctx, v.projectId, v.sessionId, (doc) => ({ ...doc, page: current, last_seen_at: current.at }));
  announceVisitor(v.projectId, session, device); // the team sees the visitor move (docs/operators.md "Visitor")
  if (frame.attributes) await saveVisitorAttributes(gw, v);
};
