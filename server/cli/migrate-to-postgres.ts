// `migrate-to-postgres` (docs/architecture.md "Moving to PostgreSQL"): every document of the
// embedded store under DATA_DIR into the PostgreSQL database, then a count and a checksum per
// collection compared on both sides. A re-run after an interruption skips what is already there and
// equal; a database holding other Parley data is refused unless --force replaces it.
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { COLLECTION_NAMES, openStore, type Collections, type ParleyStore } from '../store/index.js';
import type { Collection, StoredDoc } from '../store/types.js';
import { AppError } from '../errors.js';
import { dataDirHolder } from './data-dir-holder.js';
import { compareExisting, copyCollection } from './migrate-to-postgres-copy.js';
import { collectionSum } from './migrate-to-postgres-hash.js';
import type { DataDirCommand, Values } from './commands.js';

const coll = (store: ParleyStore) => (name: string) => store.collection(name as keyof Collections) as unknown as Collection<StoredDoc>;

function option(values: Values, name: string, fallback: string | null): string | null {
  const v = values[name];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || v.trim() === '') throw new AppError('invalid_request', `--${name} needs a value`);
  return v.trim();
}

function databaseUrl(values: Values, fallback: string | null): string {
  const url = option(values, 'database-url', fallback);
  if (!url) throw new AppError('invalid_request', 'give the target database: --database-url postgresql://user:password@host:5432/parley (or set DATABASE_URL)');
  const protocol = URL.canParse(url) ? new URL(url).protocol : null;
  // The value may hold a password: never echo it.
  if (protocol !== 'postgresql:' && protocol !== 'postgres:') throw new AppError('invalid_request', '--database-url must be a URL like postgresql://user:password@host:5432/parley');
  return url;
}

/** Copies, then verifies; throws naming the collections that differ. */
async function migrate(src: ParleyStore, dst: ParleyStore, replace: boolean, print: (line: string) => void): Promise<void> {
  const names = COLLECTION_NAMES as string[];
  const existing = await compareExisting(names, coll(src), coll(dst));
  if (existing.differing > 0 && !replace) {
    throw new AppError(
      'conflict',
      `the database already holds other Parley data (${existing.differing} documents that DATA_DIR holds differently or not at all, e.g. ${existing.example}): migrate into an empty database, or add --force to replace them`,
    );
  }
  if (existing.identical > 0) print(`resuming: ${existing.identical} documents are already in the database and equal; they are skipped`);
  if (existing.differing > 0) print(`--force: ${existing.differing} documents in the database that differ from DATA_DIR are replaced or removed`);

  const started = performance.now();
  let copied = 0;
  let total = 0;
  for (const name of names) {
    const r = await copyCollection(name, coll(src)(name), coll(dst)(name), { replace, print });
    copied += r.copied;
    total += r.total;
  }
  await dst.flush();
  print(`copied ${copied} documents (${total - copied} already there) in ${((performance.now() - started) / 1000).toFixed(1)} s; verifying`);

  const rows: string[] = [`${'collection'.padEnd(22)} ${'documents'.padStart(10)}  checksum`];
  const failed: string[] = [];
  for (const name of names) {
    const [a, b] = await Promise.all([collectionSum(coll(src)(name)), collectionSum(coll(dst)(name))]);
    const ok = a.documents === b.documents && a.checksum === b.checksum;
    if (!ok) failed.push(name);
    const count = a.documents === b.documents ? String(a.documents) : `${a.documents}≠${b.documents}`;
    rows.push(`${name.padEnd(22)} ${count.padStart(10)}  ${ok ? 'ok' : 'MISMATCH'}`);
  }
  for (const row of rows) print(row);
  if (failed.length > 0) {
    throw new Error(`verification failed for ${failed.join(', ')}: the database differs from DATA_DIR there; run migrate-to-postgres again`);
  }
  print(`verified: ${total} documents in ${names.length} collections, the same in the database as in DATA_DIR`);
}

export const MIGRATE_COMMANDS: Record<string, DataDirCommand> = {
  'migrate-to-postgres': {
    summary:
      'Copy every document of DATA_DIR into PostgreSQL and verify it (server stopped; a re-run resumes): migrate-to-postgres [--data-dir DIR] [--database-url URL] [--force (replace other data in the database)]',
    args: '',
    options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, force: { type: 'boolean' } },
    async run(v, args, config, print) {
      if (args.length > 0) throw new AppError('invalid_request', `unexpected argument "${args[0]}": give the directory with --data-dir`);
      const dataDir = resolve(option(v, 'data-dir', config.dataDir)!);
      const url = databaseUrl(v, config.databaseUrl);
      if (!(await stat(dataDir).catch(() => null))?.isDirectory()) throw new AppError('not_found', `the data directory ${dataDir} does not exist: nothing to migrate`);
      // Opening creates the store's folders: a mistyped path must not turn into an empty data directory.
      const folders = await Promise.all(COLLECTION_NAMES.map((name) => stat(join(dataDir, name)).then((s) => s.isDirectory(), () => false)));
      if (!folders.includes(true)) throw new AppError('not_found', `${dataDir} is not a Parley data directory (it has no collection folders such as conversations/): nothing to migrate`);
      const holder = await dataDirHolder(dataDir);
      if (holder !== null) {
        throw new AppError('conflict', `the data directory ${dataDir} is in use by process ${holder} (a running Parley server): stop the server first, then migrate`);
      }
      // The database first: an unreachable one is said in one line (StoreUnavailableError) before
      // a large data directory is loaded into memory for nothing.
      const dst = await openStore(dataDir, url);
      try {
        // Opening takes DATA_DIR's lock, so a server started meanwhile refuses to open it.
        const src = await openStore(dataDir);
        try {
          // The database by name only: the URL may hold a password.
          print(`migrating ${dataDir} into the PostgreSQL database "${decodeURIComponent(new URL(url).pathname.slice(1))}"`);
          await migrate(src, dst, v.force === true, print);
        } finally {
          await src.close();
        }
      } finally {
        await dst.close();
      }
    },
  },
};
