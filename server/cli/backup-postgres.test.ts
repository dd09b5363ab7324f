// With DATABASE_URL the documents are in PostgreSQL: backup and restore, which copy DATA_DIR, refuse
// and name PostgreSQL's own tools instead of writing a backup without the documents (README "Data and backups").
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { BackupError } from '../backup/manifest.js';
import { BACKUP_COMMANDS } from './backup-commands.js';

describe('backup and restore with DATABASE_URL', () => {
  const config = testConfig('/nonexistent-parley-data', { databaseUrl: 'postgresql://parley@localhost/parley' });
  const print = () => {};

  it('backup points to pg_dump and writes nothing', async () => {
    const err = await BACKUP_COMMANDS.backup!.run({}, ['/nonexistent-parley-backup'], config, print).catch((e) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/PostgreSQL.*pg_dump/);
  });

  it('restore points to pg_restore', async () => {
    const err = await BACKUP_COMMANDS.restore!.run({}, ['/nonexistent-parley-backup'], config, print).catch((e) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/pg_restore/);
  });
});
