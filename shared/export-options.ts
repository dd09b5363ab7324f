// The exports' plain limits and choices (spec 4.1, 8; docs/api.md "Exports"), apart from their
// request and response schemas (shared/schemas/exports.ts, which re-exports them): the console's
// inbox offers Export with these, and importing the schemas for them would put the schema library
// and every schema it builds in the inbox's first load.

/** At most this many rows per entity export (spec 4.1, 8). */
export const ENTITY_EXPORT_ROW_LIMIT = 10_000;
/** Full exports a project may request per rolling 24 hours (spec 4.1, 8). */
export const FULL_EXPORTS_PER_DAY = 2;
/** How long a full export's download link works (spec 4.1, 8). */
export const FULL_EXPORT_LINK_DAYS = 7;
/** Selected conversations one batch export takes (the inbox's selection). */
export const SELECTED_EXPORT_MAX = 1000;

export const EXPORT_FORMATS = ['csv', 'jsonl', 'xlsx', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_ENTITIES = ['conversations', 'messages', 'users'] as const;
export type ExportEntity = (typeof EXPORT_ENTITIES)[number];
