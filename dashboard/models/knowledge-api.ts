// The knowledge API paths and shapes the console uses (docs/api.md "Knowledge", spec 2.11).
// Types come from the server's schemas so the console and the API cannot drift apart.
import type { DataProvider, Snippet, Source, SyncJob, Chunk, CrawlerSettings } from '../../server/domains/knowledge/schemas.js';
import type { SearchTable } from '../../server/domains/knowledge/tables/schemas.js';
export type { SearchTable };

export type { DataProvider, Snippet, Source, SyncJob, Chunk, CrawlerSettings };

const p = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}`;
const dp = (projectId: string, providerId: string) => `${p(projectId)}/data-providers/${encodeURIComponent(providerId)}`;

export const knowledgePaths = {
  providers: (projectId: string) => `${p(projectId)}/data-providers`,
  provider: dp,
  archive: (projectId: string, providerId: string) => `${dp(projectId, providerId)}/archive`,
  sync: (projectId: string, providerId: string) => `${dp(projectId, providerId)}/sync`,
  job: (projectId: string, providerId: string, jobId: string) => `${dp(projectId, providerId)}/sync-jobs/${encodeURIComponent(jobId)}`,
  sources: (projectId: string) => `${p(projectId)}/sources`,
  chunks: (projectId: string, sourceId: string) => `${p(projectId)}/sources/${encodeURIComponent(sourceId)}/chunks`,
  snippets: (projectId: string) => `${p(projectId)}/snippets`,
  providerSnippets: (projectId: string, providerId: string) => `${dp(projectId, providerId)}/snippets`,
  snippet: (projectId: string, snippetId: string) => `${p(projectId)}/snippets/${encodeURIComponent(snippetId)}`,
  search: (projectId: string) => `${p(projectId)}/knowledge/search`,
  test: (projectId: string) => `${p(projectId)}/knowledge/test`,
  tables: (projectId: string) => `${p(projectId)}/tables`,
  table: (projectId: string, tableId: string) => `${p(projectId)}/tables/${encodeURIComponent(tableId)}`,
};

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

export const PROVIDER_TYPES: { value: DataProvider['type']; label: string }[] = [
  { value: 'web_crawler', label: 'Web crawler' },
  { value: 'wiki', label: 'Wiki' },
  { value: 'confluence', label: 'Confluence Cloud' },
  { value: 'mediawiki', label: 'MediaWiki' },
  { value: 'manual', label: 'Manual snippets' },
];
export const typeLabel = (t: DataProvider['type']) => PROVIDER_TYPES.find((x) => x.value === t)?.label ?? t;
