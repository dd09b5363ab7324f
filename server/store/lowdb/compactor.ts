// Writes documents back into their own files so log segments can be removed (docs/architecture.md
// section 7, "Write-ahead log"). Each file is written to a temp file, fsynced and renamed; every
// directory touched is fsynced once at the end. Only then may the caller remove the segments whose
// records these files now hold: until that point a crash replays them, and replay skips what a file
// already has.
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { syncDirectory, TEMP_SUFFIX } from './durable-file.js';

export interface FileWrite {
  path: string;
  /** The file's content, or null to remove the file. */
  body: { v: number; l: number; doc: unknown } | null;
}

const PARALLEL = 8;

export async function writeDocumentFiles(writes: FileWrite[]): Promise<void> {
  const dirs = new Set<string>();
  const madeDirs = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < writes.length) {
      const { path, body } = writes[next++];
      const dir = dirname(path);
      dirs.add(dir);
      if (!body) {
        await unlink(path).catch((err) => {
          if (err.code !== 'ENOENT') throw err;
        });
        continue;
      }
      if (!madeDirs.has(dir)) {
        await mkdir(dir, { recursive: true });
        madeDirs.add(dir);
        dirs.add(dirname(dir));
      }
      await writeFileDurably(path, JSON.stringify(body));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, writes.length) }, worker));
  for (const dir of dirs) await syncDirectory(dir).catch((err) => {
    if (err.code !== 'ENOENT') throw err;
  });
}

async function writeFileDurably(path: string, text: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
}
