// The files of an online backup (README "Data and backups"): every document file plus the log
// segments up to the one the snapshot finished. Listed while compaction is held off (lowdb-store.ts
// snapshot), so none of them changes or disappears until the copy is done.
import { readdir } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { LOG_DIR } from './recovery.js';
import { SEGMENT_SUFFIX } from './write-log.js';

const list = (dir: string) => readdir(dir).catch(() => [] as string[]);

/** Paths relative to `dir`, with `/` separators (they name files in a backup manifest too). */
export async function snapshotFiles(dir: string, names: readonly string[], lastSegment: number): Promise<string[]> {
  const files: string[] = [];
  for (const name of names) {
    for (const scope of await list(join(dir, name))) {
      // Only whole documents: a temp file is a compaction write that never completed.
      for (const file of await list(join(dir, name, scope))) if (file.endsWith('.json')) files.push(posix.join(name, scope, file));
    }
  }
  for (const file of (await list(join(dir, LOG_DIR))).sort()) {
    // Later segments hold writes made after the snapshot began.
    if (/^\d{12}\.log$/.test(file) && Number(file.slice(0, -SEGMENT_SUFFIX.length)) <= lastSegment) files.push(posix.join(LOG_DIR, file));
  }
  return files;
}
