// AES-256-GCM encryption with the master key, for secrets that must be recoverable (API-key reveal,
// spec 2.3). The master key never sits in the JSON data files: it comes from PARLEY_MASTER_KEY or a
// separate DATA_DIR/master.key file (mode 0600) created on first start.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('master key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * A master key as written: exactly 32 bytes in base64 (or base64url), surrounding whitespace
 * allowed. Node's decoder skips characters outside the alphabet, so the text is checked by encoding
 * the bytes back: a typo or a hex key (`openssl rand -hex 32`) is refused, not silently misread.
 */
export function decodeMasterKey(text: string): Buffer | null {
  const raw = text.trim();
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) return null;
  return key.toString('base64') === raw || key.toString('base64url') === raw.replace(/=+$/, '') ? key : null;
}

/** The configured master key, or the one in DATA_DIR/master.key, created (0600) when absent. */
export async function loadMasterKey(dataDir: string, configured: string | null): Promise<Buffer> {
  if (configured) {
    const key = decodeMasterKey(configured);
    if (!key) throw new Error('PARLEY_MASTER_KEY must be 32 bytes encoded as base64');
    return key;
  }
  const path = join(dataDir, 'master.key');
  try {
    const key = decodeMasterKey(await readFile(path, 'utf8'));
    if (!key) throw new Error(`${path} does not hold a 32-byte base64 key`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(path, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}
