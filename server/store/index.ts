// The one place that chooses the Store implementation: PostgreSQL when DATABASE_URL is set, the
// embedded lowdb store under DATA_DIR otherwise. Nothing outside server/store/ imports lowdb or pg.
import { COLLECTION_OPTIONS, type Collections, type ParleyStore } from './collections.js';
import { openLowdbStore } from './lowdb/lowdb-store.js';
import { openPostgresStore } from './postgres/pg-store.js';

export const COLLECTION_NAMES: (keyof Collections)[] = [
  'organizations',
  'members',
  'sessions',
  'projects',
  'channels',
  'api_keys',
  'users',
  'conversations',
  'data_providers',
  'sources',
  'chunk_sets',
  'search_tables',
  'search_table_rows',
  'sync_jobs',
  'calibrations',
  'knowledge_gap_marks',
  'idempotency',
  'devices',
  'labels',
  'audiences',
  'guidance_rules',
  'profiles',
  'triggers',
  'trigger_runs',
  'deployments',
  'aliases',
  'knowledge_manifests',
  'chunk_set_versions',
  'simulation_suites',
  'simulation_runs',
  'unitools',
  'procedures',
  'procedure_runs',
  'mcp_servers',
  'tool_calls',
  'canned_replies',
  'mail_outbox',
  'export_jobs',
  'export_schedules',
  'webhook_endpoints',
  'webhook_deliveries',
  'subscriptions',
  'invoices',
  'channel_events',
  'channel_sends',
  'channel_links',
  'attachments',
  'topics',
  'topic_passes',
  'audit_log',
];

export async function openStore(dataDir: string, databaseUrl?: string | null): Promise<ParleyStore> {
  if (databaseUrl) return openPostgresStore<Collections>({ url: databaseUrl, options: COLLECTION_OPTIONS }, COLLECTION_NAMES);
  return openLowdbStore<Collections>({ dir: dataDir, options: COLLECTION_OPTIONS }, COLLECTION_NAMES);
}

export type { ParleyStore, Collections } from './collections.js';
export { StoreConflictError, StoreCorruptError } from './types.js';
export { StoreUnavailableError } from './postgres/pg-store.js';
/** Restore (server/backup/restore.ts) holds a data directory as a running store does. */
export { lockDataDir } from './lowdb/dir-lock.js';
