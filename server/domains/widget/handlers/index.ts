// The dispatch table: one handler per client frame type. A frame type without a handler
// answers `not_configured`. Each handler lives in its own file; adding a frame type is one line here.
import type { FrameHandlers } from '../gateway.js';
import { hello } from './hello.js';
import { send } from './send.js';
import { typing } from './typing.js';
import { rate } from './rate.js';
import { handoff } from './handoff.js';
import { page } from './page.js';
import { ping } from './ping.js';
import { identify, logout } from './identity.js';
import { contact } from './contact.js';
import { toolCallAnswer } from './tool-call.js';

export const FRAME_HANDLERS: FrameHandlers = {
  'session.hello': hello,
  'message.send': send,
  typing,
  'conversation.rate': rate,
  'handoff.respond': handoff,
  'page.update': page,
  ping,
  'identity.identify': identify,
  'identity.logout': logout,
  'contact.leave': contact,
  'tool_call.answer': toolCallAnswer,
};
