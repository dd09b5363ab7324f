// What the site tells the widget about its visitor (spec 2.4): verified identity from identify(),
// visitor attributes from update(), and a logout before the first welcome. The server forgets all of
// it when a connection ends, so it is kept here and re-sent after every welcome.
import type { ClientFrame } from '../../../shared/protocol.js';
import type { IdentifyData } from '../../bridge.js';
import type { Tokens } from '../../platform/cookies.js';

type Attributes = Record<string, string | number | boolean | null>;

/** Only the protocol's fields: the server refuses a frame with unknown ones. */
const IDENTITY_KEYS = ['email', 'phone', 'external_id', 'email_signature', 'phone_signature', 'external_id_signature', 'jwt', 'first_name', 'last_name'] as const;

export function createVisitorIdentity() {
  let identity: IdentifyData | null = null;
  let attributes: Attributes = {};
  /**
   * logout() before the first welcome (typically queued on the site's signed-out page): the old
   * tokens, kept only to say one hello with them so the server can revoke that session and retire
   * the device. The welcome that answers is ignored; the one after identity.logout starts afresh.
   */
  let retiring: Tokens | null = null;

  return {
    get retiring() {
      return retiring;
    },
    retire(tokens: Tokens) {
      retiring = tokens;
    },
    /** The welcome answering a retiring hello: true once, then the logout frame goes out. */
    endRetiring(): boolean {
      if (!retiring) return false;
      retiring = null;
      return true;
    },
    setIdentity(data: IdentifyData) {
      identity = {};
      for (const k of IDENTITY_KEYS) if (typeof data?.[k] === 'string' && data[k]) identity[k] = data[k];
    },
    forget() {
      identity = null;
    },
    identifyFrame(): ClientFrame | null {
      return identity ? { type: 'identity.identify', ...identity } : null;
    },
    hasAttributes: () => Object.keys(attributes).length > 0,
    /**
     * Visitor attributes from the site. Only what the protocol accepts (flat values, simple keys, 50 at
     * most) is kept, so one odd key does not get the whole update refused.
     */
    setAttributes(next: Record<string, unknown>) {
      for (const [k, val] of Object.entries(next ?? {})) {
        const flat = val === null || ['string', 'number', 'boolean'].includes(typeof val);
        if (!flat || !/^[A-Za-z0-9_.:-]{1,64}$/.test(k) || (!(k in attributes) && Object.keys(attributes).length >= 50)) continue;
        attributes[k] = typeof val === 'string' ? val.slice(0, 1000) : (val as number | boolean | null);
      }
    },
    attributes: () => attributes,
  };
}

export type VisitorIdentity = ReturnType<typeof createVisitorIdentity>;
