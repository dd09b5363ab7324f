// Uploaded wiki archives (zip) are kept as files under DATA_DIR/knowledge-archives/<project>/<provider>.zip
// so a re-sync reads the same upload again; they are binary blobs, not JSON documents, hence not in the store.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SAFE = /^[A-Za-z0-9_-]{1,128}$/;

export function createArchiveStore(dataDir: string) {
  const pathOf = (projectId: string, providerId: string) => {
    if (!SAFE.test(projectId) || !SAFE.test(providerId)) throw new Error('unsafe archive name');
    return join(dataDir, 'knowledge-archives', projectId, `${providerId}.zip`);
  };
  return {
    async save(projectId: string, providerId: string, bytes: Uint8Array): Promise<void> {
      const path = pathOf(projectId, providerId);
      await mkdir(join(dataDir, 'knowledge-archives', projectId), { recursive: true });
      await writeFile(`${path}.tmp`, bytes);
      await rename(`${path}.tmp`, path);
    },
    async load(projectId: string, providerId: string): Promise<Uint8Array | null> {
      try {
        return new Uint8Array(await readFile(pathOf(projectId, providerId)));
      } catch {
        return null;
      }
    },
    async remove(projectId: string, providerId: string): Promise<void> {
      await rm(pathOf(projectId, providerId), { force: true });
    },
  };
}

export type ArchiveStore = ReturnType<typeof createArchiveStore>;
