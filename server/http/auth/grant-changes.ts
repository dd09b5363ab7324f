// The grant-revocation signal (docs/api.md "Long-lived channels", docs/operators.md "Team feed"). An
// HTTP request is authorized once and is over; a long-lived channel (the team feed, the widget socket,
// an SSE generation stream) was authorized when it opened and would otherwise keep what it was granted
// for hours. So every place that ends or narrows a grant announces it here, and every open channel
// listens while it is open and re-checks its own grant against the store when a change concerns it,
// closing with a documented code when the grant is gone (shared/close-codes.ts).
//
// The change names whose grant changed, never the outcome: the channel re-runs the same check a new
// request would get, so there is one rule and no second copy of it. In-process and module-wide, like
// the conversation bus's single-process design and widget/visitors.ts's visitorChanges: ids are random,
// so a change of one app never matches another app's channels in the same test process.
import { EventEmitter } from 'node:events';

export type GrantChange =
  /** A team session ended (logout, sign-out everywhere, password change, expiry), or the member was removed or changed role. */
  | { kind: 'member'; organization_id: string; member_id: string }
  /** An API key was deleted or its permissions edited (spec 3.3). */
  | { kind: 'api_key'; project_id: string; key_id: string }
  /** A widget session or device was revoked (identity.logout, another person identified), or a user deleted. */
  | { kind: 'visitor'; project_id: string; session_id?: string; device_id?: string; user_id?: string }
  /** The project was deleted: nothing of it is granted any more. */
  | { kind: 'project'; project_id: string };

const changes = new EventEmitter<{ change: [GrantChange] }>();
changes.setMaxListeners(0);

/** Announces a change; call it after the store holds the new state, so a re-check reads it. */
export function grantChanged(change: GrantChange): void {
  changes.emit('change', change);
}

/** Listens for changes while a channel is open; returns the function that stops listening. */
export function onGrantChange(listener: (change: GrantChange) => void): () => void {
  changes.on('change', listener);
  return () => void changes.off('change', listener);
}
