// Online backups (README "Data and backups"): a running server holds DATA_DIR, so `npm run parley --
// backup DEST` asks it over DATA_DIR/.backup.sock to take the snapshot itself, the only process that
// can hold compaction off. The socket is 0600 inside DATA_DIR: whoever can connect can already read
// DATA_DIR, master.key included, so it grants nothing that copying the directory would not.
// Protocol: one JSON line each way, `{"dest": "/abs/path"}` → `{"ok": true, "summary": …}` or
// `{"ok": false, "error": "…"}`.
import { createServer, type Socket } from 'node:net';
import { chmod, unlink } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { ParleyStore } from '../store/index.js';
import { backupDataDir, type BackupSummary } from './backup.js';

export const BACKUP_SOCKET = '.backup.sock';
export type BackupReply = { ok: true; summary: BackupSummary } | { ok: false; error: string };

const MAX_REQUEST = 64 * 1024;

interface Log {
  info(obj: object, msg: string): void;
  warn(msg: string): void;
}

export async function serveBackups(dataDir: string, store: ParleyStore, log: Log): Promise<{ close(): Promise<void> }> {
  const path = join(dataDir, BACKUP_SOCKET);
  // This process holds DATA_DIR's lock, so a socket file found there is a dead server's.
  await unlink(path).catch(() => {});

  const answer = async (line: string): Promise<BackupReply> => {
    try {
      const dest = (JSON.parse(line) as { dest?: unknown }).dest;
      if (typeof dest !== 'string' || !isAbsolute(dest)) return { ok: false, error: 'a backup request names an absolute destination' };
      const summary = await backupDataDir({ store, dataDir, dest, online: true });
      log.info({ dest, files: summary.files, bytes: summary.bytes }, 'online backup written');
      return { ok: true, summary };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  };

  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {}); // a client that went away; its backup still completes
    socket.setEncoding('utf8');
    let received = '';
    const onData = (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end < 0 && received.length > MAX_REQUEST) socket.destroy();
      if (end < 0) return;
      socket.off('data', onData);
      void answer(received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    };
    socket.on('data', onData);
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, resolve);
    });
    await chmod(path, 0o600);
  } catch (err) {
    server.close();
    log.warn(`online backups are off: cannot listen on ${path} (${(err as Error).message}); stop the server to take a backup`);
    return { close: async () => {} };
  }
  return {
    async close() {
      for (const socket of sockets) socket.destroy(); // a backup under way still finishes: the store's close waits for it
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(path).catch(() => {});
    },
  };
}
