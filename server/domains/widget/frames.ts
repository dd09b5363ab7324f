// Validation of every inbound widget frame (docs/architecture.md section 5) against the typebox schemas in
// shared/protocol.ts. A frame that is not JSON, has an unknown `type` or breaks its schema becomes an
// `invalid_frame` error naming the first problem; it never reaches a handler and never crashes.
import { Compile } from 'typebox/compile';
import {
  ContactFrame,
  HandoffFrame,
  HelloFrame,
  IdentifyFrame,
  LogoutFrame,
  PageFrame,
  PingFrame,
  RateFrame,
  SendFrame,
  ToolCallAnswerFrame,
  TypingFrame,
  type ClientFrame,
} from '../../../shared/protocol.js';

const SCHEMAS = {
  'session.hello': HelloFrame,
  'message.send': SendFrame,
  typing: TypingFrame,
  'conversation.rate': RateFrame,
  'handoff.respond': HandoffFrame,
  'page.update': PageFrame,
  'identity.identify': IdentifyFrame,
  'identity.logout': LogoutFrame,
  ping: PingFrame,
  'contact.leave': ContactFrame,
  'tool_call.answer': ToolCallAnswerFrame,
} as const;

export type FrameType = ClientFrame['type'];
const VALIDATORS = Object.fromEntries(Object.entries(SCHEMAS).map(([type, schema]) => [type, Compile(schema)])) as Record<
  FrameType,
  ReturnType<typeof Compile>
>;

export type ParseResult =
  | { ok: true; frame: ClientFrame }
  | { ok: false; message: string; client_id?: string };

export function parseFrame(raw: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'A frame must be a JSON object' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'A frame must be a JSON object' };
  const record = value as Record<string, unknown>;
  const clientId = typeof record.client_id === 'string' && record.client_id.length <= 64 ? record.client_id : undefined;
  const type = record.type;
  if (typeof type !== 'string' || !Object.hasOwn(VALIDATORS, type)) {
    return { ok: false, message: `Unknown frame type ${JSON.stringify(typeof type === 'string' ? type.slice(0, 40) : type)}`, client_id: clientId };
  }
  const validator = VALIDATORS[type as FrameType];
  if (validator.Check(value)) return { ok: true, frame: value as ClientFrame };
  const errors = validator.Errors(value);
  // Prefer the most specific problem (a named field) over the generic "schema is false".
  const best = errors.find((e) => e.keyword !== 'boolean') ?? errors[0];
  const path = best?.instancePath ? best.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  let detail = best?.message ?? 'is invalid';
  if (best?.keyword === 'additionalProperties') {
    const extra = (best.params as { additionalProperties?: string[] }).additionalProperties;
    detail = `unknown field${extra && extra.length > 1 ? 's' : ''} ${(extra ?? []).join(', ')}`;
  }
  return { ok: false, message: `Invalid ${type} frame: ${path ? `${path} ` : ''}${detail}`, client_id: clientId };
}
