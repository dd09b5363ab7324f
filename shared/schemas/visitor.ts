// What the team sees of a widget visitor next to a conversation (docs/operators.md "Visitor"): the
// page they are on, their device and their languages. It is context the widget already sends (the
// page from session.hello / page.update, the languages from session.hello) plus the browser's
// User-Agent header at the WebSocket upgrade; nothing is asked of the visitor for it. One schema for
// the conversation detail (`visitor`) and the team feed's `visitor.updated` frame.
import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const VisitorPageSchema = Type.Object({
  /** As the widget reported it (the host page's location): untrusted text, not necessarily http(s). */
  url: Type.String(),
  title: Nullable(Type.String()),
  /** When the visitor was last seen on it. */
  at: Type.String({ format: 'date-time' }),
});

export const DeviceTypeSchema = Type.Union([
  Type.Literal('desktop'),
  Type.Literal('mobile'),
  Type.Literal('tablet'),
  Type.Literal('tv'),
  Type.Literal('bot'),
  Type.Literal('unknown'),
]);

export const VisitorDeviceSchema = Type.Object({
  /** Short, for people: "Chrome 131 on Android, mobile". */
  description: Type.String(),
  browser: Nullable(Type.String()),
  /** Major version only: enough to recognise a browser, less to fingerprint. */
  browser_version: Nullable(Type.String()),
  os: Nullable(Type.String()),
  type: DeviceTypeSchema,
  /** The raw User-Agent header (at most 512 characters). */
  user_agent: Type.String(),
});

export const VisitorContextSchema = Type.Object({
  page: Nullable(VisitorPageSchema),
  device: Nullable(VisitorDeviceSchema),
  /** The languages the browser prefers, most preferred first (BCP 47). */
  locales: Type.Array(Type.String()),
});

export type VisitorPage = Static<typeof VisitorPageSchema>;
export type VisitorDevice = Static<typeof VisitorDeviceSchema>;
export type VisitorContext = Static<typeof VisitorContextSchema>;
