// The backup and restore functions in-process, for the refusals the CLI test does not spend a tsx
// start on: a destination that is not new, one inside DATA_DIR, an unfinished backup, a manifest
// that names a file outside the backup. And the files beside the store come along.
import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../store/index.js';
import { backupDataDir } from './backup.js';
import { restoreDataDir } from './restore.js';
import { MANIFEST } from './manifest.js';

async function withData(fn: (root: string, dataDir: string) => Promise<void>) {
  const root = await mkdtemp(join(tmpdir(), 'parley-backup-'));
  const dataDir = join(root, 'data');
  try {
    await fn(root, dataDir);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function backup(dataDir: string, dest: string) {
  const store = await openStore(dataDir);
  try {
    return await backupDataDir({ store, dataDir, dest, online: false });
  } finally {
    await store.close();
  }
}

describe('backup and restore (in-process)', () => {
  it('copies the files beside the store but no lock, socket or temp file, and restores them', async () => {
    await withData(async (root, dataDir) => {
      const store = await openStore(dataDir);
      await store.collection('organizations').put('global', { id: 'o1', name: 'Acme' } as never);
      await store.close();
      await mkdir(join(dataDir, 'knowledge-archives', 'p1'), { recursive: true });
      await writeFile(join(dataDir, 'knowledge-archives', 'p1', 'w1.zip'), 'zip bytes');
      await writeFile(join(dataDir, 'knowledge-archives', 'p1', 'w2.zip.tmp'), 'half');
      await writeFile(join(dataDir, 'master.key'), 'key\n');
      await writeFile(join(dataDir, '.backup.sock'), '');

      const summary = await backup(dataDir, join(root, 'b'));
      const manifest = JSON.parse(await readFile(join(root, 'b', MANIFEST), 'utf8')) as { files: Record<string, unknown> };
      const files = Object.keys(manifest.files);
      expect(files).toContain('knowledge-archives/p1/w1.zip');
      expect(files).toContain('master.key');
      expect(files).toContain('organizations/global/o1.json');
      expect(files.filter((f) => f.startsWith('.') && !f.startsWith('.wal/'))).toEqual([]);
      expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
      expect(summary.files).toBe(files.length);

      const target = join(root, 'r');
      await restoreDataDir({ src: join(root, 'b'), dataDir: target, force: false });
      expect(await readFile(join(target, 'knowledge-archives', 'p1', 'w1.zip'), 'utf8')).toBe('zip bytes');
      expect(await readdir(target)).not.toContain('.lock');
      const restored = await openStore(target);
      expect(await restored.collection('organizations').get('global', 'o1')).toEqual({ id: 'o1', name: 'Acme' });
      await restored.close();
    });
  });

  it('refuses a destination that is not new or empty, or lies inside DATA_DIR', async () => {
    await withData(async (root, dataDir) => {
      await mkdir(join(root, 'used'));
      await writeFile(join(root, 'used', 'x'), 'x');
      await expect(backup(dataDir, join(root, 'used'))).rejects.toThrow('is not empty');
      await expect(backup(dataDir, join(dataDir, 'backups'))).rejects.toThrow('inside DATA_DIR');
      expect(await readdir(join(root, 'used'))).toEqual(['x']);
    });
  });

  it('refuses a backup without a manifest, or whose manifest names a path outside it', async () => {
    await withData(async (root, dataDir) => {
      await backup(dataDir, join(root, 'b'));
      const manifest = await readFile(join(root, 'b', MANIFEST), 'utf8');
      await rm(join(root, 'b', MANIFEST));
      await expect(restoreDataDir({ src: join(root, 'b'), dataDir: join(root, 'r'), force: false })).rejects.toThrow('never finished');

      const escaping = JSON.parse(manifest) as { files: Record<string, unknown> };
      escaping.files['../outside'] = { bytes: 1, sha256: '0'.repeat(64) };
      await writeFile(join(root, 'b', MANIFEST), JSON.stringify(escaping));
      await expect(restoreDataDir({ src: join(root, 'b'), dataDir: join(root, 'r'), force: false })).rejects.toThrow('damaged');
      await expect(readdir(join(root, 'r'))).rejects.toThrow('ENOENT');
    });
  });
});
