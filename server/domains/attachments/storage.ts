// Where attachment bytes live (docs/attachments.md "Storage"): an interface with two implementations,
// the local disk under DATA_DIR/files (the default) and an S3-compatible bucket (s3-storage.ts,
// FILE_STORAGE=s3). Keys are `<project>/<conversation>/<attachment>`, so everything of a conversation
// (or a project) is one prefix to delete. Either way the bytes leave only through Parley's signed
// links (routes.ts), never straight from the storage.
import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

export interface FileStorage {
  /** Stores the bytes under `key` (replacing any); resolves once they are durable. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes one file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** Keys are made from ids, but every implementation still checks one: no `..`, no absolute path, no odd character. */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** Local disk under `root` (DATA_DIR/files). */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkKey(key));
    if (!path.startsWith(base + sep)) throw new Error('storage key escapes the root');
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(join(path, '..'), { recursive: true });
      // Through a temporary name, so a reader never gets half a file.
      const tmp = `${path}.tmp`;
      await writeFile(tmp, bytes, { flush: true });
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
