// The manifest of a backup (README "Data and backups"): every file with its size and SHA-256. It is
// written last, so a backup without one is incomplete, and restore checks every file against it
// before it touches DATA_DIR.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize } from 'node:path';

export const MANIFEST = 'parley-backup.json';
const FORMAT = 'parley-backup/1';

export interface FileEntry {
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  created_at: string;
  /** The data directory copied. */
  source: string;
  /** Taken by a running server (online) or on a stopped data directory. */
  online: boolean;
  /** Relative path (`/`-separated) → size and checksum. */
  files: Record<string, FileEntry>;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function newManifest(source: string, online: boolean): Manifest {
  return { format: FORMAT, created_at: new Date().toISOString(), source, online, files: {} };
}

/** A manifest path may only name a file inside the backup (and then inside DATA_DIR). */
function isInside(path: string): boolean {
  const n = normalize(path);
  return path !== '' && !isAbsolute(path) && n === path && !n.startsWith('..') && path !== MANIFEST && !path.includes('\\');
}

export async function readManifest(src: string): Promise<Manifest> {
  const path = join(src, MANIFEST);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new BackupError(`${src} holds no ${MANIFEST}: not a Parley backup, or one that never finished`);
  }
  let m: Manifest;
  try {
    m = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError(`${path} is not valid JSON: the backup is damaged`);
  }
  const entries = m && typeof m.files === 'object' && m.files ? Object.entries(m.files) : null;
  const valid =
    m?.format === FORMAT &&
    entries !== null &&
    entries.every(([p, e]) => isInside(p) && Number.isSafeInteger(e?.bytes) && typeof e?.sha256 === 'string' && /^[0-9a-f]{64}$/.test(e.sha256));
  if (!valid) throw new BackupError(`${path} is not a ${FORMAT} manifest: the backup is damaged`);
  return m;
}

/** The file's bytes when they match their entry; otherwise why not. */
export async function readChecked(src: string, path: string, entry: FileEntry): Promise<Buffer | string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(join(src, path));
  } catch {
    return 'missing';
  }
  if (bytes.length !== entry.bytes) return `${bytes.length} bytes, the manifest says ${entry.bytes}`;
  if (sha256(bytes) !== entry.sha256) return 'checksum differs from the manifest';
  return bytes;
}
