// A lowdb adapter that makes each write durable and atomic.
// Why not lowdb's JSONFile: its steno writer renames a temp file but never fsyncs, so a resolved write
// may still be lost on power failure; the issue requires "a write resolves only after it is on disk".
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Adapter } from 'lowdb';

export const TEMP_SUFFIX = '.tmp';

export class DurableJSONFile<T> implements Adapter<T> {
  constructor(readonly path: string) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return JSON.parse(text) as T;
  }

  /** temp file → fsync → rename → fsync directory: a reader sees the old or the new file, never half. */
  async write(data: T): Promise<void> {
    // Serialise first: a document that cannot be written must not leave a temp file behind.
    const text = JSON.stringify(data); // compact JSON (DESIGN: write compact JSON)
    const temp = `${this.path}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.path);
    } catch (err) {
      await unlink(temp).catch(() => {});
      throw err;
    }
    await syncDirectory(dirname(this.path));
  }
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
