// REST shapes of search tables (spec 2.9), one schema per shape; also the OpenAPI description.
import { Type, type Static } from 'typebox';

const FieldList = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 });
const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

export const TableFormatSchema = Type.Union([Type.Literal('csv'), Type.Literal('json'), Type.Literal('jsonl')]);

export const AttachmentSchema = Type.Object({
  /** Profiles arrive with deployments; until then every project has the one `default` profile. */
  profile_id: Type.String(),
  /** Tool name the model sees: letters, digits, _ and -. */
  name: Type.String(),
  description: Type.String(),
  attached_at: Type.String({ format: 'date-time' }),
});

export const SearchTableSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  project_id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Type.String(),
  format: TableFormatSchema,
  columns: Type.Array(Type.Object({ name: Type.String(), type: Type.Union([Type.Literal('string'), Type.Literal('number'), Type.Literal('boolean'), Type.Literal('date')]) })),
  searchable_fields: Type.Array(Type.String()),
  filter_fields: Type.Array(Type.String()),
  range_fields: Type.Array(Type.String()),
  row_count: Type.Integer(),
  attachments: Type.Array(AttachmentSchema),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type SearchTable = Static<typeof SearchTableSchema>;

export const FieldConfigSchema = Type.Object({
  searchable_fields: Type.Optional(FieldList),
  filter_fields: Type.Optional(FieldList),
  range_fields: Type.Optional(FieldList),
});

export const CreateTableBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    format: TableFormatSchema,
    /** The file's text: CSV with a header line, a JSON array of objects, or one JSON object per line. */
    content: Type.String({ minLength: 1 }),
    ...FieldConfigSchema.properties,
  },
  { additionalProperties: false },
);
export type CreateTableInput = Static<typeof CreateTableBody>;

export const UpdateTableBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    ...FieldConfigSchema.properties,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateTableInput = Static<typeof UpdateTableBody>;

export const ReplaceDataBody = Type.Object(
  { format: TableFormatSchema, content: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

const Bound = Type.Union([Type.Number(), Type.String()]);
export const QueryBody = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 500 })),
    filters: Type.Optional(Type.Record(Type.String(), Type.Union([Scalar, Type.Array(Scalar, { maxItems: 50 })]))),
    ranges: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object({ gte: Type.Optional(Bound), lte: Type.Optional(Bound), gt: Type.Optional(Bound), lt: Type.Optional(Bound) }, { additionalProperties: false }),
      ),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const QueryResult = Type.Object({
  data: Type.Array(Type.Object({ row: Type.Record(Type.String(), Type.Unknown()), score: Type.Union([Type.Number(), Type.Null()]) })),
  total: Type.Integer(),
});

export const AttachBody = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }),
    description: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);

export const TableParams = Type.Object({ project_id: Type.String({ format: 'uuid' }), table_id: Type.String({ format: 'uuid' }) });
export const ProjectParams = Type.Object({ project_id: Type.String({ format: 'uuid' }) });
export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    starting_after: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export const TableList = Type.Object({ data: Type.Array(SearchTableSchema), has_more: Type.Boolean() });
