// Request and response schemas of the knowledge REST API (spec 2.11, 4). Client-sent objects are
// closed: unknown fields are a 400 (docs/architecture.md section 2).
import { Type, type Static } from 'typebox';
import {
  ChunkSchema,
  CrawlerSettingsSchema,
  DataProviderSchema,
  ProviderTypeSchema,
  SnippetSchema,
  SourceSchema,
  SyncJobSchema,
} from './schemas.js';
import { NoLinkOrWebUrl, WebUrl } from '../../../shared/schemas/web-url.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const ListOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({ data: Type.Array(item), has_more: Type.Boolean() });

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  starting_after: Type.Optional(Id),
  ending_before: Type.Optional(Id),
};

export const ProjectParams = Type.Object({ project_id: Id }, closed);
export const ProviderParams = Type.Object({ project_id: Id, data_provider_id: Id }, closed);
export const JobParams = Type.Object({ project_id: Id, data_provider_id: Id, job_id: Id }, closed);
export const SnippetParams = Type.Object({ project_id: Id, snippet_id: Id }, closed);
export const SourceParams = Type.Object({ project_id: Id, source_id: Id }, closed);

export const ListQuery = Type.Object(PageQuery, closed);

const CrawlerInput = Type.Partial(CrawlerSettingsSchema, closed);
const WikiInput = Type.Object(
  {
    folder_path: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
    base_url: Type.Optional(NoLinkOrWebUrl('Public address of the wiki: a page links to this plus its path')),
  },
  closed,
);
const LiveWikiInput = Type.Object(
  {
    site_url: Type.Optional(WebUrl('Confluence: the site, https://example.atlassian.net; MediaWiki: its api.php address')),
    space_key: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255, description: 'Confluence: the key of the space to import' }))),
    namespace: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100000, description: 'MediaWiki: the namespace to import (0, articles, by default)' }))),
    username: Type.Optional(Nullable(Type.String({ maxLength: 255, description: 'Confluence: the account e-mail; MediaWiki: a bot password user name (User@bot)' }))),
    secret: Type.Optional(Nullable(Type.String({ maxLength: 2000, description: 'The API token or bot password; write-only (answered masked), left out to keep the stored one, null to clear it' }))),
  },
  closed,
);
const AudienceId = Nullable(Type.String({ minLength: 1, maxLength: 200, description: 'An audience id (spec 2.8); new sources inherit it' }));

export const CreateProviderBody = Type.Object(
  {
    type: ProviderTypeSchema,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    default_audience_id: Type.Optional(AudienceId),
    crawler: Type.Optional(CrawlerInput),
    wiki: Type.Optional(WikiInput),
    live_wiki: Type.Optional(LiveWikiInput),
  },
  closed,
);
export type CreateProviderBody = Static<typeof CreateProviderBody>;

export const UpdateProviderBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    default_audience_id: Type.Optional(AudienceId),
    crawler: Type.Optional(CrawlerInput),
    wiki: Type.Optional(WikiInput),
    live_wiki: Type.Optional(LiveWikiInput),
  },
  closed,
);
export type UpdateProviderBody = Static<typeof UpdateProviderBody>;

export const ProviderList = ListOf(DataProviderSchema);

export const CreateSnippetBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 300 })),
    question: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'A question this snippet answers directly (FAQ)' }))),
    alternative_questions: Type.Optional(
      Type.Array(Type.String({ maxLength: 1000 }), {
        maxItems: 50,
        description: 'Other phrasings of `question`; each is indexed and answered like it. Blank ones and repeats of `question` are dropped.',
      }),
    ),
    content: Type.String({ minLength: 1, maxLength: 100_000, description: 'Plain text or Markdown' }),
    url: Type.Optional(NoLinkOrWebUrl('The page a reader is sent to when this snippet is cited')),
    audience_id: Type.Optional(AudienceId),
  },
  closed,
);
export type CreateSnippetBody = Static<typeof CreateSnippetBody>;
export const UpdateSnippetBody = Type.Partial(CreateSnippetBody, closed);
export type UpdateSnippetBody = Static<typeof UpdateSnippetBody>;
export const SnippetListQuery = Type.Object({ ...PageQuery, data_provider_id: Type.Optional(Id) }, closed);
export const SnippetList = ListOf(SnippetSchema);

export const SourceListQuery = Type.Object(
  { ...PageQuery, data_provider_id: Type.Optional(Id), status: Type.Optional(Type.Union([Type.Literal('indexed'), Type.Literal('failed')])) },
  closed,
);
export const SourceList = ListOf(SourceSchema);
export const UpdateSourceBody = Type.Object({ audience_id: Type.Optional(AudienceId) }, closed);
export type UpdateSourceBody = Static<typeof UpdateSourceBody>;
export const ChunkList = Type.Object({ source: SourceSchema, data: Type.Array(ChunkSchema) });

export const SyncJobList = ListOf(SyncJobSchema);

export const SearchQuery = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 2000 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 5 })),
  },
  closed,
);
export const SearchResult = Type.Object({
  data: Type.Array(
    Type.Object({
      chunk_id: Type.String(),
      source_id: Type.String(),
      title: Type.String(),
      url: Nullable(Type.String()),
      headings: Type.Array(Type.String()),
      text: Type.String(),
      score: Type.Number(),
      question: Type.Optional(Type.String()),
      relevance: Type.Optional(Type.Object({ bm25: Type.Number(), cosine: Type.Number(), coverage: Type.Number() })),
    }),
  ),
});

export { DataProviderSchema, SnippetSchema, SourceSchema, SyncJobSchema };

