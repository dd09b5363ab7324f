// `restore SRC` (README "Data and backups"): every file of the backup is checked against its manifest
// before DATA_DIR is touched; DATA_DIR must be absent or empty (--force replaces what it holds) and is
// locked like a running store locks it, so no server starts on it half restored. Then the store is
// opened once as the server opens it: that replays the backup's log onto the document files and
// proves the copy starts.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { lockDataDir, openStore } from '../store/index.js';
import { DurableWriter } from './durable-writer.js';
import { BackupError, readChecked, readManifest } from './manifest.js';

export interface RestoreSummary {
  files: number;
  bytes: number;
}

const overlaps = (a: string, b: string) => {
  const rel = relative(a, b);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

export async function restoreDataDir(opts: { src: string; dataDir: string; force: boolean }): Promise<RestoreSummary> {
  const src = resolve(opts.src);
  const dataDir = resolve(opts.dataDir);
  if (overlaps(src, dataDir) || overlaps(dataDir, src)) throw new BackupError(`the backup ${src} and DATA_DIR ${dataDir} overlap: restore into another directory`);
  const manifest = await readManifest(src);
  const entries = Object.entries(manifest.files);
  const damaged: string[] = [];
  for (const [path, entry] of entries) {
    const checked = await readChecked(src, path, entry);
    if (typeof checked === 'string') damaged.push(`${path}: ${checked}`);
  }
  if (damaged.length > 0) {
    const more = damaged.length > 10 ? `\n  … and ${damaged.length - 10} more` : '';
    throw new BackupError(`the backup in ${src} is damaged, nothing was restored:\n  ${damaged.slice(0, 10).join('\n  ')}${more}`);
  }

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(dataDir);
  let bytes = 0;
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== '.lock');
    if (present.length > 0 && !opts.force) {
      throw new BackupError(`DATA_DIR ${dataDir} is not empty (it holds ${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore into a new or empty directory, or add --force to replace what it holds`);
    }
    for (const name of present) await rm(join(dataDir, name), { recursive: true, force: true });
    const out = new DurableWriter(dataDir);
    for (const [path, entry] of entries) {
      const checked = await readChecked(src, path, entry); // again: what is written is what was checked
      if (typeof checked === 'string') throw new BackupError(`${join(src, path)} changed during the restore (${checked}); run it again`);
      await out.write(path, checked);
      bytes += checked.length;
    }
    await out.finish();
  } finally {
    await unlock();
  }
  const store = await openStore(dataDir);
  await store.close();
  return { files: entries.length, bytes };
}
