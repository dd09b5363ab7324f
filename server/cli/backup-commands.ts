// `backup DEST` and `restore SRC` (README "Data and backups"). They work on DATA_DIR as files rather
// than through a store the CLI opens: backup must also run beside a server (which then takes the
// snapshot itself), and restore fills a directory no store has opened yet.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { openStore } from '../store/index.js';
import { backupDataDir } from '../backup/backup.js';
import { requestBackup } from '../backup/backup-request.js';
import { restoreDataDir } from '../backup/restore.js';
import { BackupError } from '../backup/manifest.js';
import { dataDirHolder } from './data-dir-holder.js';
import type { DataDirCommand } from './commands.js';

/**
 * With DATABASE_URL the documents are in PostgreSQL, which has its own online backups: a copy of
 * DATA_DIR would hold none of them, and a restore would not put them back (README "Data and backups").
 */
function refuseWithDatabase(config: { databaseUrl: string | null }, command: 'backup' | 'restore'): void {
  if (!config.databaseUrl) return;
  const tool = command === 'backup' ? 'pg_dump (e.g. pg_dump -Fc "$DATABASE_URL" > parley.dump)' : 'pg_restore';
  throw new BackupError(
    `DATABASE_URL is set, so the documents are in PostgreSQL, not in DATA_DIR: ${command} the database with ${tool}, and copy DATA_DIR's master.key and files beside it yourself`,
  );
}

function onePath(args: string[], name: string): string {
  if (args.length !== 1) throw new BackupError(`give exactly one ${name} (a directory)`);
  return resolve(args[0]!);
}

export const BACKUP_COMMANDS: Record<string, DataDirCommand> = {
  backup: {
    summary: 'Copy DATA_DIR into DEST (new or empty), consistent even while the server runs: backup DEST',
    args: 'DEST',
    options: {},
    async run(_v, args, config, print) {
      refuseWithDatabase(config, 'backup');
      const dest = onePath(args, 'DEST');
      const holder = await dataDirHolder(config.dataDir);
      let summary;
      if (holder !== null) {
        summary = await requestBackup(config.dataDir, dest);
      } else {
        if (!(await stat(config.dataDir).catch(() => null))?.isDirectory()) throw new BackupError(`DATA_DIR ${config.dataDir} does not exist: nothing to back up`);
        const store = await openStore(config.dataDir);
        try {
          summary = await backupDataDir({ store, dataDir: config.dataDir, dest, online: false });
        } finally {
          await store.close();
        }
      }
      print(`backup of ${config.dataDir} written to ${summary.dest}: ${summary.files} files, ${summary.bytes} bytes`);
      if (holder !== null) print(`snapshot taken by the running server (process ${holder}): every write it acknowledged before the backup began is in it`);
    },
  },
  restore: {
    summary: 'Restore a backup into DATA_DIR (absent or empty; --force replaces what it holds), every file checked first: restore SRC [--force]',
    args: 'SRC',
    options: { force: { type: 'boolean' } },
    async run(v, args, config, print) {
      refuseWithDatabase(config, 'restore');
      const src = onePath(args, 'SRC');
      const holder = await dataDirHolder(config.dataDir);
      if (holder !== null) {
        throw new BackupError(`the data directory ${config.dataDir} is in use by process ${holder} (a running Parley server): stop the server first, then restore`);
      }
      const summary = await restoreDataDir({ src, dataDir: config.dataDir, force: v.force === true });
      print(`restored ${summary.files} files (${summary.bytes} bytes) from ${src} into ${config.dataDir}; the store opens: start the server`);
    },
  },
};
