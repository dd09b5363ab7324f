// Durable file helpers shared by the log and compaction (docs/architecture.md section 7).
import { open } from 'node:fs/promises';

/** Suffix of a file being written; one left at start is a write that never completed. */
export const TEMP_SUFFIX = '.tmp';

/** fsync of a directory: makes a created, renamed or removed entry in it durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
