// Knowledge shapes (spec 2.11): data providers contain sources; sources are split into chunks.
// One typebox schema per shape, used by the routes (validation + OpenAPI) and as the stored types.
import { Type, type Static } from 'typebox';
import { WebUrl } from '../../../shared/schemas/web-url.js';

const Id = Type.String({ format: 'uuid' });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ProviderTypeSchema = Type.Union([Type.Literal('manual'), Type.Literal('web_crawler'), Type.Literal('wiki'), Type.Literal('confluence'), Type.Literal('mediawiki')]);
export type ProviderType = Static<typeof ProviderTypeSchema>;

/** `*` in a pattern matches any run of characters; patterns test the URL path plus query. */
export const CrawlerSettingsSchema = Type.Object(
  {
    start_urls: Type.Array(WebUrl('A page to start crawling from'), { maxItems: 50 }),
    sitemap_url: Nullable(WebUrl('A sitemap.xml listing the pages to crawl')),
    include_patterns: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 }),
    exclude_patterns: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 }),
    /** Link hops from a start URL (sitemap entries count as depth 0). */
    max_depth: Type.Integer({ minimum: 0, maximum: 10 }),
    max_pages: Type.Integer({ minimum: 1, maximum: 5000 }),
  },
  { additionalProperties: false },
);
export type CrawlerSettings = Static<typeof CrawlerSettingsSchema>;

export const WikiSettingsSchema = Type.Object(
  {
    /** A folder on the server, inside one of the configured import roots (config wikiImportDirs). */
    folder_path: Nullable(Type.String({ maxLength: 1024 })),
    /** Public address of the wiki: a page's URL is this plus its path; null leaves URLs empty. */
    base_url: Nullable(WebUrl('Public address of the wiki')),
    /** Name of the uploaded zip, if any (read only; upload with PUT …/archive). */
    archive_name: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type WikiSettings = Static<typeof WikiSettingsSchema>;

/**
 * A live wiki (docs/knowledge.md "Live wikis"): Confluence Cloud or a MediaWiki, read through its API
 * with one account's credentials, so only what that account may read is imported.
 */
export const LiveWikiSettingsSchema = Type.Object(
  {
    /** Confluence: the site (https://example.atlassian.net); MediaWiki: its api.php address. */
    site_url: Type.String(),
    /** Confluence: the space key; MediaWiki: unused. */
    space_key: Nullable(Type.String()),
    /** MediaWiki: the namespace number (0 = articles); Confluence: unused. */
    namespace: Nullable(Type.Integer()),
    /** Confluence: the account's e-mail; MediaWiki: a bot password's user name (`User@bot`), or null for an open wiki. */
    username: Nullable(Type.String()),
    /** The API token or bot password: stored sealed, answered masked (`ATAT…x9Qk`), never in clear. */
    secret: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type LiveWikiSettings = Static<typeof LiveWikiSettingsSchema>;

export const DataProviderSchema = Type.Object({
  id: Id,
  project_id: Id,
  type: ProviderTypeSchema,
  name: Type.String(),
  /** Opaque audience id inherited by new sources (spec 2.8, 2.11); stored, evaluated by audiences. */
  default_audience_id: Nullable(Type.String()),
  crawler: Nullable(CrawlerSettingsSchema),
  wiki: Nullable(WikiSettingsSchema),
  live_wiki: Type.Optional(Nullable(LiveWikiSettingsSchema)),
  last_sync_job_id: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type DataProvider = Static<typeof DataProviderSchema>;

export const SourceKindSchema = Type.Union([Type.Literal('snippet'), Type.Literal('web_page'), Type.Literal('wiki_page')]);

export const SourceSchema = Type.Object({
  id: Id,
  project_id: Id,
  data_provider_id: Id,
  kind: SourceKindSchema,
  /** Identity within the provider: canonical URL, wiki path or snippet id. Re-syncs match on it. */
  key: Type.String(),
  title: Type.String(),
  url: Nullable(Type.String()),
  /** Manual snippets: the question it answers directly (FAQ). */
  question: Nullable(Type.String()),
  /** Manual snippets: other phrasings of `question`, each indexed as a question of its own (snippet-questions.ts). */
  alternative_questions: Type.Optional(Type.Array(Type.String())),
  /** Manual snippets keep their text here; fetched pages keep only chunks. */
  content: Nullable(Type.String()),
  audience_id: Nullable(Type.String()),
  status: Type.Union([Type.Literal('indexed'), Type.Literal('failed')]),
  /** Why the source failed (HTTP status, refused address, parse error…). */
  error: Nullable(Type.String()),
  content_hash: Nullable(Type.String()),
  /** A live wiki page's version or last-modified as the wiki reported it: unchanged, it is not fetched again. */
  remote_version: Type.Optional(Type.String()),
  chunk_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Source = Static<typeof SourceSchema>;

export const ChunkSchema = Type.Object({
  id: Type.String(),
  ord: Type.Integer(),
  headings: Type.Array(Type.String()),
  text: Type.String(),
  /** Id of the chunk's section on its page (`url#anchor`), when known. */
  anchor: Type.Optional(Type.String()),
  /** A snippet's alternative question this chunk answers (its text is the snippet's answer again). */
  question: Type.Optional(Type.String()),
});
export type Chunk = Static<typeof ChunkSchema>;

/** Stored: one document per source (collection chunk_sets), vectors as base64 Float32. */
export interface StoredChunk extends Chunk {
  vector: string;
}
export interface ChunkSet {
  id: string;
  project_id: string;
  source_id: string;
  data_provider_id: string;
  title: string;
  url: string | null;
  question: string | null;
  content_hash: string;
  embedder: string;
  chunks: StoredChunk[];
}

export const SyncProgressSchema = Type.Object({
  pages_found: Type.Integer(),
  pages_fetched: Type.Integer(),
  pages_failed: Type.Integer(),
  sources_added: Type.Integer(),
  sources_updated: Type.Integer(),
  sources_unchanged: Type.Integer(),
  sources_removed: Type.Integer(),
});
export type SyncProgress = Static<typeof SyncProgressSchema>;

export const SyncJobSchema = Type.Object({
  id: Id,
  project_id: Id,
  data_provider_id: Id,
  status: Type.Union([Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('cancelled')]),
  progress: SyncProgressSchema,
  /** Failed pages with the reason (capped at 200 entries). */
  failures: Type.Array(Type.Object({ url: Type.String(), error: Type.String() })),
  error: Nullable(Type.String()),
  started_at: Timestamp,
  finished_at: Nullable(Timestamp),
});
export type SyncJob = Static<typeof SyncJobSchema>;

export const SnippetSchema = Type.Object({
  id: Id,
  data_provider_id: Id,
  title: Type.String(),
  question: Nullable(Type.String()),
  /** Other phrasings of `question` that find this snippet too (visitors' own words, docs/knowledge.md "Knowledge gaps"). */
  alternative_questions: Type.Array(Type.String()),
  content: Type.String(),
  url: Nullable(Type.String()),
  audience_id: Nullable(Type.String()),
  chunk_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Snippet = Static<typeof SnippetSchema>;
