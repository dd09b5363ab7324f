// Which live process holds a data directory (its `.lock` file names the owner's pid; README "Data and
// backups"). Asked only after the store refused to open, to turn that refusal into advice.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function dataDirHolder(dataDir: string): Promise<number | null> {
  const pid = Number((await readFile(join(dataDir, '.lock'), 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0); // signal 0: exists?
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
