// Signed, expiring download URLs of attachments (docs/attachments.md "Serving"; the same scheme as
// the export links, exports/links.ts): HMAC-SHA256 with a key derived (HKDF) from the master key,
// over the project, the attachment and the expiry. A link cannot be forged from a copy of the data
// files, changing any part of it voids it, and rotating the master key voids every link.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { loadMasterKey } from '../../lib/secret-box.js';
import { clock } from '../../lib/clock.js';

export type FileLinkCheck = { ok: true } | { ok: false; reason: 'bad_signature' | 'expired' };

export interface FileLinkSigner {
  /** `/v1/files/{project}/{attachment}?expires=…&signature=…`, relative to BASE_URL. */
  path(projectId: string, attachmentId: string, expiresMs: number): string;
  check(projectId: string, attachmentId: string, expires: number, signature: string): FileLinkCheck;
}

export function createFileLinkSigner(masterKey: Buffer): FileLinkSigner {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'parley attachment download links v1', 32));
  const mac = (projectId: string, id: string, expires: number) => createHmac('sha256', key).update(`${projectId}\n${id}\n${expires}`).digest();
  return {
    path(projectId, id, expiresMs) {
      const expires = Math.floor(expiresMs / 1000);
      return `/v1/files/${projectId}/${id}?expires=${expires}&signature=${mac(projectId, id, expires).toString('base64url')}`;
    },
    check(projectId, id, expires, signature) {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(projectId, id, expires);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
      // After the signature: a changed expiry teaches nothing.
      if (expires * 1000 <= clock.now()) return { ok: false, reason: 'expired' };
      return { ok: true };
    },
  };
}

const signers = new WeakMap<object, Promise<FileLinkSigner>>();

export function fileLinkSigner(ctx: Pick<AppContext, 'config'>): Promise<FileLinkSigner> {
  let signer = signers.get(ctx.config);
  if (!signer) {
    signer = loadMasterKey(ctx.config.dataDir, ctx.config.masterKey).then(createFileLinkSigner);
    signers.set(ctx.config, signer);
  }
  return signer;
}
