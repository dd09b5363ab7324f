// The one place that chooses the Store implementation. Nothing outside server/store/ imports lowdb.
import { COLLECTION_OPTIONS, type Collections, type ParleyStore } from './collections.js';
import { openLowdbStore } from './lowdb/lowdb-store.js';

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
];

export async function openStore(dataDir: string): Promise<ParleyStore> {
  return openLowdbStore<Collections>({ dir: dataDir, options: COLLECTION_OPTIONS }, COLLECTION_NAMES);
}

export type { ParleyStore, Collections } from './collections.js';
export { StoreCorruptError } from './types.js';
/** Restore (server/backup/restore.ts) holds a data directory as a running store does. */
export { lockDataDir } from './lowdb/dir-lock.js';
