// Open widget sockets follow their visitor's grant (docs/api.md "Long-lived channels"). A socket is
// authorized by its tokens at session.hello; when the session or device it acts for is revoked, or its
// user deleted (http/auth/grant-changes.ts; widget/revocation.ts), the sockets concerned re-check
// against the store and, if the grant is gone, get an `invalid_token` error and close with 4401; a
// deleted project closes its sockets with 4404 (shared/close-codes.ts). The widget drops its stored
// tokens on that error and reconnects once as a new anonymous visitor, as after refused tokens at a
// hello, so a revoked visitor never reconnect-loops on its old grant.
import type { AppContext } from '../../context.js';
import { onGrantChange, type GrantChange } from '../../http/auth/grant-changes.js';
import { CLOSE_CODES } from '../../../shared/close-codes.js';
import type { Connection, VisitorState } from './connection.js';
import { deviceRevoked, getSession } from './visitors.js';

const concerns = (c: Extract<GrantChange, { kind: 'visitor' }>, v: VisitorState) =>
  (c.session_id !== undefined && c.session_id === v.sessionId) ||
  (c.device_id !== undefined && c.device_id === v.deviceId) ||
  (c.user_id !== undefined && c.user_id === v.userId);

/** Listens for the gateway's lifetime; only sockets a change names are re-checked (no store read for the others). */
export function watchVisitorGrants(ctx: AppContext, connections: ReadonlySet<Connection>): () => void {
  return onGrantChange((change) => {
    if (change.kind !== 'visitor' && change.kind !== 'project') return;
    for (const conn of connections) {
      const v = conn.visitor;
      if (!v || conn.closed) continue;
      if (change.kind === 'project') {
        if (v.projectId !== change.project_id) continue;
        conn.error('not_found', 'This chat is no longer available');
        conn.close(CLOSE_CODES.projectGone, 'project deleted');
      } else if (concerns(change, v)) {
        void recheck(ctx, conn, v).catch(() => undefined);
      }
    }
  });
}

async function recheck(ctx: AppContext, conn: Connection, v: VisitorState): Promise<void> {
  const { projectId, sessionId, deviceId, userId } = v;
  const [session, retired, user] = await Promise.all([
    sessionId ? getSession(ctx, projectId, sessionId) : undefined,
    deviceRevoked(ctx, projectId, deviceId),
    userId ? ctx.services.users.get(projectId, userId) : undefined,
  ]);
  // The socket moved on meanwhile (its own identity.logout or identify revoked the old grant after
  // switching): its new state is not what was revoked.
  if (v.sessionId !== sessionId || v.deviceId !== deviceId || v.userId !== userId) return;
  const granted = !retired && (!sessionId || (session !== undefined && !session.revoked_at)) && (!userId || user !== undefined);
  if (granted || conn.closed) return;
  conn.unsubscribeAll();
  conn.error('invalid_token', 'This visitor session ended (signed out or replaced in another tab); continuing as a new visitor');
  conn.close(CLOSE_CODES.revoked, 'visitor session revoked');
}
