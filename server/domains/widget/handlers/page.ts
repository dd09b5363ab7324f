// page.update: the page the visitor is on (URL and title), kept on the device and on the session for
// audiences (spec 2.8) evaluated when the agent answers. A visitor who has not interacted yet keeps
// it in memory only, so browsing alone writes nothing (spec 5.1: nothing stored before interaction).
import type { FrameHandler } from '../gateway.js';
import { pageContext, updateDevice, updateSession } from '../visitors.js';

export const page: FrameHandler<'page.update'> = async (frame, conn, gw) => {
  const v = gw.requireVisitor(conn);
  const current = pageContext(frame.page);
  v.page = current;
  if (!v.sessionId) return;
  await updateDevice(gw.ctx, v.projectId, v.frameId, v.deviceId, (doc) => ({ ...doc, page: current, last_seen_at: current.at }));
  await updateSession(gw.ctx, v.projectId, v.sessionId, (doc) => ({ ...doc, page: current, last_seen_at: current.at }));
};
