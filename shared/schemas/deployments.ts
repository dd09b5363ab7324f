// Deployments and aliases (spec 2.10, 9; docs/behaviour.md "Deployments and aliases"): a build is a
// sequentially numbered, immutable snapshot of one profile's behaviour and of the knowledge as of that
// moment; channels follow an alias, which names a build. One schema per shape for the server
// (validation, OpenAPI) and the console.
import { Type, type Static } from 'typebox';
import { AudienceSchema, GuidanceRuleSchema, ProfileSchema } from './behaviour.js';

const closed = { additionalProperties: false } as const;
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ActorSchema = Type.Object({
  type: Type.Union([Type.Literal('api_key'), Type.Literal('member')]),
  id: Type.String(),
  name: Type.String(),
});
export type Actor = Static<typeof ActorSchema>;

/** A source as a build saw it: its chunks are the stored chunk set with this content hash. */
export const KnowledgeRefSchema = Type.Object({
  source_id: Type.String(),
  data_provider_id: Type.String(),
  title: Type.String(),
  url: Nullable(Type.String()),
  audience_id: Nullable(Type.String()),
  content_hash: Type.String(),
  chunk_count: Type.Integer(),
});
export type KnowledgeRef = Static<typeof KnowledgeRefSchema>;

/** What a build freezes: the profile, its active rules, the audiences they and the sources use, the knowledge. */
export const SnapshotSchema = Type.Object({
  profile: ProfileSchema,
  /** Search tables attached to the profile, by tool name (their rows are read live). */
  search_tables: Type.Array(Type.Object({ table_id: Type.String(), name: Type.String() })),
  /** Active rules in priority order; draft rules are not part of a build. */
  rules: Type.Array(GuidanceRuleSchema),
  audiences: Type.Array(AudienceSchema),
  knowledge: Type.Array(KnowledgeRefSchema),
});
export type Snapshot = Static<typeof SnapshotSchema>;

const meta = {
  id: Type.String(),
  project_id: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  note: Type.String(),
  created_by: ActorSchema,
  created_at: Timestamp,
  /** Set when the build re-published an earlier one (POST /deployments/{version}/restore). */
  restored_from: Nullable(Type.Integer()),
};

export const DeploymentSchema = Type.Object({ ...meta, ...SnapshotSchema.properties });
export type Deployment = Static<typeof DeploymentSchema>;
/** As stored: the knowledge references live in a manifest shared by builds of the same knowledge. */
export type StoredDeployment = Omit<Deployment, 'knowledge'> & { knowledge_manifest: string };

export const DeploymentSummary = Type.Object({
  ...meta,
  profile_id: Type.String(),
  rule_count: Type.Integer(),
  source_count: Type.Integer(),
  chunk_count: Type.Integer(),
  /** Aliases pointing at this build now. */
  aliases: Type.Array(Type.String()),
});
export type DeploymentSummary = Static<typeof DeploymentSummary>;
export const DeploymentList = Type.Object({ data: Type.Array(DeploymentSummary) });

export const BuildBody = Type.Object(
  {
    /** Default: the project's default profile. */
    profile_id: Type.Optional(Type.String()),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  closed,
);
export type BuildBody = Static<typeof BuildBody>;
export const RestoreBody = Type.Object({ note: Type.Optional(Type.String({ maxLength: 500 })) }, closed);
export const DeploymentParams = Type.Object({ project_id: Type.String(), version: Type.Integer({ minimum: 1 }) });

// ---- aliases --------------------------------------------------------------------------------
export const ALIAS_NAME = '^[a-z0-9][a-z0-9_-]{0,39}$';

export const AliasMoveSchema = Type.Object({
  version: Type.Integer(),
  /** The version it pointed at before; null when the alias was created. */
  previous: Nullable(Type.Integer()),
  at: Timestamp,
  by: ActorSchema,
  note: Type.String(),
  /** The simulation suite runs that passed before the move; absent when the project had none. */
  suite_run_ids: Type.Optional(Type.Array(Type.String())),
  /** The move was made with `skip_suites` (e.g. an urgent rollback). */
  skipped_suites: Type.Optional(Type.Boolean()),
});

export const AliasSchema = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  /** false: a fixed rollback point that can never be repointed. */
  mutable: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Append-only: every move with who made it and when, oldest first. */
  history: Type.Array(AliasMoveSchema),
});
export type Alias = Static<typeof AliasSchema>;
export const AliasOut = Type.Intersect([AliasSchema, Type.Object({ channel_ids: Type.Array(Type.String()) })]);
export type AliasOut = Static<typeof AliasOut>;
export const AliasList = Type.Object({ data: Type.Array(AliasOut) });

export const AliasBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    /** Only when the alias is created (default true); an immutable alias is never repointed. */
    mutable: Type.Optional(Type.Boolean()),
    note: Type.Optional(Type.String({ maxLength: 500 })),
    /** Move without running the saved simulation suites first (recorded in the history). */
    skip_suites: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type AliasBody = Static<typeof AliasBody>;
export const AliasParams = Type.Object({ project_id: Type.String(), name: Type.String({ pattern: ALIAS_NAME, description: 'lower-case letters, digits, - and _' }) });

// ---- diff -----------------------------------------------------------------------------------
/** `draft` (the current, unbuilt configuration and knowledge) or a version number. */
export const DiffQuery = Type.Object(
  {
    from: Type.String({ pattern: '^(draft|[1-9][0-9]{0,8})$' }),
    to: Type.String({ pattern: '^(draft|[1-9][0-9]{0,8})$' }),
  },
  closed,
);
const Named = Type.Object({ id: Type.String(), name: Type.String() });
const ItemChanges = Type.Object({
  added: Type.Array(Named),
  removed: Type.Array(Named),
  changed: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), fields: Type.Array(Type.String()) })),
});
export type ItemChanges = Static<typeof ItemChanges>;
export const DeploymentDiff = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** Profile fields that differ (model settings as `model.temperature`, …). */
  profile: Type.Array(Type.Object({ field: Type.String(), from: Type.Unknown(), to: Type.Unknown() })),
  rules: ItemChanges,
  audiences: ItemChanges,
  search_tables: ItemChanges,
  knowledge: ItemChanges,
  /** Rules in a different priority order (ids, in the `to` order), or null when the order is unchanged. */
  rule_order: Nullable(Type.Array(Type.String())),
});
export type DeploymentDiff = Static<typeof DeploymentDiff>;
