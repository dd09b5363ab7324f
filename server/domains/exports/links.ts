// Signed download links of full exports (spec 4.1: valid 7 days; docs/architecture.md section 12:
// files leave only through signed, expiring URLs checked at download). Signed like the widget's
// visitor tokens (widget/tokens.ts): HMAC-SHA256 with a key derived (HKDF) from the master key, which
// never sits in the data files, so a link cannot be forged from a copy of them and rotating the
// master key voids every link. The MAC covers the project, the export and the expiry, so changing
// any of them (or reusing one export's signature for another) is refused.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { loadMasterKey } from '../../lib/secret-box.js';
import { clock } from '../../lib/clock.js';

export type LinkCheck = { ok: true } | { ok: false; reason: 'bad_signature' | 'expired' };

export interface LinkSigner {
  /** `/v1/exports/{id}/download?expires=…&signature=…`, relative to the server's base URL. */
  path(projectId: string, exportId: string, expiresMs: number): string;
  check(projectId: string, exportId: string, expires: number, signature: string): LinkCheck;
}

export function createLinkSigner(masterKey: Buffer): LinkSigner {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'parley export download links v1', 32));
  const mac = (projectId: string, exportId: string, expires: number) => createHmac('sha256', key).update(`${projectId}\n${exportId}\n${expires}`).digest();
  return {
    path(projectId, exportId, expiresMs) {
      const expires = Math.floor(expiresMs / 1000);
      return `/v1/exports/${exportId}/download?expires=${expires}&signature=${mac(projectId, exportId, expires).toString('base64url')}`;
    },
    check(projectId, exportId, expires, signature) {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(projectId, exportId, expires);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
      // Checked after the signature, so an attacker cannot learn anything from changing `expires`.
      if (expires * 1000 <= clock.now()) return { ok: false, reason: 'expired' };
      return { ok: true };
    },
  };
}

const signers = new WeakMap<object, Promise<LinkSigner>>();

/** One signer per app, from the same master key as the secret box and the visitor tokens. */
export function linkSigner(ctx: Pick<AppContext, 'config'>): Promise<LinkSigner> {
  let signer = signers.get(ctx.config);
  if (!signer) {
    signer = loadMasterKey(ctx.config.dataDir, ctx.config.masterKey).then(createLinkSigner);
    signers.set(ctx.config, signer);
  }
  return signer;
}
