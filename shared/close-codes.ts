// WebSocket application close codes (4000–4999) of the widget socket and the team feed, shared so the
// widget and the console react to them (docs/api.md "Long-lived channels", docs/operators.md).
// 40xx refuse a connection as it opens; 44xx end one that was open because its grant changed (the
// last two digits are the HTTP status a new request would get now: 401, 403, 404).
export const CLOSE_CODES = {
  /** Team feed: no valid session at the upgrade. Sign in. */
  unauthorized: 4001,
  /** Refused origin (widget, team feed), or a role without conversation:read at team.hello. */
  forbidden: 4003,
  /** Unknown frame id (widget) or project (team feed). */
  notFound: 4004,
  /** Too many connections from one address (widget). */
  tooMany: 4008,
  /** The session this connection acted for ended (team: signed out, removed, password changed; widget: visitor signed out, session revoked). */
  revoked: 4401,
  /** The member's role no longer grants reading this project. */
  permissionRevoked: 4403,
  /** The project was deleted while the connection was open. */
  projectGone: 4404,
} as const;
