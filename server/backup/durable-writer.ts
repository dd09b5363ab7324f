// Writes the files of a backup or a restore so that they survive a crash once `finish` returns:
// each file fsynced, then every directory that gained an entry. Files are 0600 and directories
// 0700, since a backup holds master.key and every stored secret.
import { mkdir, open } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

export class DurableWriter {
  private readonly dirs = new Set<string>();

  constructor(private readonly root: string) {}

  async write(path: string, bytes: Uint8Array): Promise<void> {
    const full = join(this.root, path);
    await mkdir(dirname(full), { recursive: true, mode: 0o700 });
    for (let dir = dirname(full); !relative(this.root, dir).startsWith('..'); dir = dirname(dir)) {
      this.dirs.add(dir);
      if (dir === this.root) break;
    }
    const handle = await open(full, 'w', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async finish(): Promise<void> {
    for (const dir of this.dirs) {
      const handle = await open(dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    this.dirs.clear();
  }
}
