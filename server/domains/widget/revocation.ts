// Ending a visitor's grant (spec 5.1, docs/identity.md): a widget session is revoked by
// identity.logout or when another person identifies on the same browser, and a logout also retires the
// device. Marking the store is not enough for what is already open, so revoking also
//  - ends the waits on the visitor's answer: external tool calls pending their approval expire with a
//    clear error (spec 2.9: the person who was asked is gone, and a later visitor on this browser must
//    not answer for them);
//  - announces the change (http/auth/grant-changes.ts), so the visitor's other sockets (another tab)
//    re-check and close with 4401 (gateway-grants.ts).
import type { AppContext } from '../../context.js';
import { now } from '../../lib/ids.js';
import { grantChanged } from '../../http/auth/grant-changes.js';
import { createToolCallService } from '../mcp/tool-calls.js';
import { updateDevice, updateSession } from './visitors.js';

export const SESSION_ENDED = 'the visitor’s session ended before the call was answered';

export async function revokeSession(ctx: AppContext, projectId: string, sessionId: string): Promise<void> {
  const doc = await updateSession(ctx, projectId, sessionId, (d) => (d.revoked_at ? d : { ...d, revoked_at: now() }));
  if (!doc) return;
  const calls = createToolCallService(ctx);
  for (const id of doc.conversation_ids) await calls.expirePending(projectId, id, SESSION_ENDED);
  grantChanged({ kind: 'visitor', project_id: projectId, session_id: sessionId });
}

export async function revokeDevice(ctx: AppContext, projectId: string, frameId: string, deviceId: string): Promise<void> {
  await updateDevice(ctx, projectId, frameId, deviceId, (d) => ({ ...d, revoked_at: now() }));
  grantChanged({ kind: 'visitor', project_id: projectId, device_id: deviceId });
}
