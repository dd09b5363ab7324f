// The first frame on every connection (docs/architecture.md section 5): who we are (the server-issued tokens),
// which conversation to resume from which seq, the page and the visitor's languages.
import type { HelloFrame } from '../../../shared/protocol.js';
import type { PageContext } from '../../bridge.js';
import type { Tokens } from '../../platform/cookies.js';

/** Checked against the shared type, so a protocol bump is a compile error here, without importing the validator. */
const PROTOCOL_VERSION: HelloFrame['v'] = 1;

export function helloFrame(
  frameId: string,
  tokens: Tokens,
  resume: { conversation_id: string; last_seq: number } | null,
  page: PageContext | undefined,
  locales: string[],
): HelloFrame {
  return {
    type: 'session.hello',
    v: PROTOCOL_VERSION,
    frame_id: frameId,
    ...(tokens.device ? { device_token: tokens.device } : {}),
    ...(tokens.user ? { user_token: tokens.user } : {}),
    ...(tokens.session ? { session_token: tokens.session } : {}),
    ...(resume ?? {}),
    ...(page ? { page } : {}),
    locales: locales.slice(0, 10),
  };
}
