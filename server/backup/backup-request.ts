// The CLI's side of an online backup (backup-socket.ts): ask the server holding DATA_DIR to write a
// backup into `dest` and wait for its answer.
import { connect } from 'node:net';
import { join } from 'node:path';
import { BACKUP_SOCKET, type BackupReply } from './backup-socket.js';
import type { BackupSummary } from './backup.js';
import { BackupError } from './manifest.js';

export function requestBackup(dataDir: string, dest: string): Promise<BackupSummary> {
  const path = join(dataDir, BACKUP_SOCKET);
  return new Promise((resolve, reject) => {
    const socket = connect(path, () => socket.write(`${JSON.stringify({ dest })}\n`));
    socket.setEncoding('utf8');
    let received = '';
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') {
        reject(new BackupError(`the server holding ${dataDir} does not answer at ${path} (an older Parley, or the socket could not be opened: see its log); stop it, then run backup again`));
      } else reject(err);
    });
    socket.on('close', () => {
      let reply: BackupReply;
      try {
        reply = JSON.parse(received) as BackupReply;
      } catch {
        return reject(new BackupError('the server ended the backup without an answer (did it stop?); the destination holds no complete backup'));
      }
      if (reply.ok) resolve(reply.summary);
      else reject(new BackupError(reply.error));
    });
  });
}
