// lowdb is single-process (docs/architecture.md section 7): one process owns a data dir at a time, so a CLI run
// cannot write files the running server also writes. A lock left by a killed process is taken over.
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(path).catch(() => {});
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (pid === process.pid) throw new Error(`data directory ${dir} is already open in this process`);
      if (pid && alive(pid)) {
        throw new Error(`data directory ${dir} is in use by process ${pid}; stop it first (lowdb is single-process)`);
      }
      await unlink(path).catch(() => {}); // stale lock of a dead process
    }
  }
  throw new Error(`could not lock data directory ${dir}`);
}
