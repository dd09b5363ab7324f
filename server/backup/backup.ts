// `backup DEST` (README "Data and backups"). The store's files come from store.snapshot: a cut that
// holds every write acknowledged before it and nothing half-written, kept unchanged while they are
// copied even as a running server writes on (lowdb-store.ts). The files beside the store (master.key,
// uploaded wiki archives, kept voice recordings, imports, demo credentials) are copied one by one
// after it, each as it is then, not as of the snapshot (an archive replaced meanwhile comes in its
// newer version); archives and credentials are replaced whole by a rename, temp files left out.
// The manifest goes last, so a backup cut off half way has none and restore refuses it.
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve } from 'node:path';
import { COLLECTION_NAMES, type ParleyStore } from '../store/index.js';
import { DurableWriter } from './durable-writer.js';
import { BackupError, MANIFEST, newManifest, sha256 } from './manifest.js';

export interface BackupSummary {
  dest: string;
  files: number;
  bytes: number;
}

const STORE_ENTRIES = new Set<string>(COLLECTION_NAMES);

export async function backupDataDir(opts: { store: ParleyStore; dataDir: string; dest: string; online: boolean }): Promise<BackupSummary> {
  const dataDir = resolve(opts.dataDir);
  const dest = resolve(opts.dest);
  await prepareDest(dataDir, dest);
  const manifest = newManifest(dataDir, opts.online);
  const out = new DurableWriter(dest);
  let bytes = 0;
  const copy = async (path: string, bytesOf: Buffer) => {
    await out.write(path, bytesOf);
    manifest.files[path] = { bytes: bytesOf.length, sha256: sha256(bytesOf) };
    bytes += bytesOf.length;
  };

  await opts.store.snapshot(async (files) => {
    for (const path of files) await copy(path, await readFile(join(dataDir, path)));
  });
  for (const path of await filesBeside(dataDir, '')) {
    const content = await readFile(join(dataDir, path)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null; // removed since the listing (a deleted archive)
      throw err;
    });
    if (content) await copy(path, content);
  }
  await out.finish();
  await out.write(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
  await out.finish();
  return { dest, files: Object.keys(manifest.files).length, bytes };
}

/** DEST must be absent or an empty directory, and outside DATA_DIR (a later backup would copy it). */
async function prepareDest(dataDir: string, dest: string): Promise<void> {
  const rel = relative(dataDir, dest);
  if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) {
    throw new BackupError(`the backup destination ${dest} is inside DATA_DIR (${dataDir}): choose a directory outside it`);
  }
  const info = await stat(dest).catch(() => null);
  if (info && !info.isDirectory()) throw new BackupError(`the backup destination ${dest} exists and is not a directory`);
  if (info && (await readdir(dest)).length > 0) throw new BackupError(`the backup destination ${dest} is not empty: give a new or empty directory`);
}

/** Regular files of DATA_DIR that are not the store's, its lock or its backup socket, nor temp files. */
async function filesBeside(dataDir: string, dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dataDir, dir), { withFileTypes: true })) {
    if (dir === '' && (entry.name.startsWith('.') || STORE_ENTRIES.has(entry.name))) continue;
    if (entry.name.endsWith('.tmp')) continue;
    const path = dir === '' ? entry.name : posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesBeside(dataDir, path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}
