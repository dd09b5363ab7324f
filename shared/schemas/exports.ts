// Exports (spec 4.1, docs/api.md "Exports"): entity exports of a list with its filters, downloaded at
// once, and the full dataset export built in the background and fetched through a signed link.
import { Type, type Static } from 'typebox';
import { ConversationFilterProps } from './api.js';
import { ConversationListOnlyProps } from './inbox.js';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });

// The limits and choices live apart, free of the schema library (the console's inbox reads them).
import { SELECTED_EXPORT_MAX } from '../export-options.js';
export { ENTITY_EXPORT_ROW_LIMIT, EXPORT_ENTITIES, EXPORT_FORMATS, FULL_EXPORT_LINK_DAYS, FULL_EXPORTS_PER_DAY, SELECTED_EXPORT_MAX } from '../export-options.js';
export type { ExportEntity, ExportFormat } from '../export-options.js';

const Format = Type.Union(
  [Type.Literal('csv'), Type.Literal('jsonl'), Type.Literal('xlsx'), Type.Literal('md')],
  { default: 'csv', description: 'csv (UTF-8 with BOM, for Excel), jsonl (one JSON object per line), xlsx (Excel workbook) or md (Markdown table)' },
);
const FormatProp = { format: Type.Optional(Format) };

/** The conversation list's filters without paging (GET …/conversations), plus the format. */
export const ConversationExportQuery = Type.Object({ ...ConversationFilterProps, ...ConversationListOnlyProps, ...FormatProp }, closed);
export type ConversationExportQuery = Static<typeof ConversationExportQuery>;

/** The user list's filters without paging (GET …/users), plus the format. */
export const UserExportQuery = Type.Object(
  { email: Type.Optional(Type.String()), phone: Type.Optional(Type.String()), external_id: Type.Optional(Type.String()), ...FormatProp },
  closed,
);
export type UserExportQuery = Static<typeof UserExportQuery>;

export const SelectedExportBody = Type.Object(
  {
    conversation_ids: Type.Array(Id, { minItems: 1, maxItems: SELECTED_EXPORT_MAX, description: 'The selected conversations (the inbox batch bar)' }),
    entity: Type.Optional(Type.Union([Type.Literal('conversations'), Type.Literal('messages')], { default: 'conversations' })),
    ...FormatProp,
  },
  closed,
);
export type SelectedExportBody = Static<typeof SelectedExportBody>;

export const FullExportStatus = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('ready'), Type.Literal('failed'), Type.Literal('expired')]);

export const FullExportSchema = Type.Object({
  id: Id,
  project_id: Id,
  status: FullExportStatus,
  /** Lines written and lines to write (one per user); total is known once the job starts. */
  progress: Type.Object({ done: Type.Integer(), total: Type.Union([Type.Integer(), Type.Null()]) }),
  requested_by: Type.Union([Type.String(), Type.Null()], { description: 'The team member (e-mail) or API key (name) that asked' }),
  bytes: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the link was e-mailed to the requester (false without SMTP or without an e-mail address). */
  emailed: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
  created_at: DateTime,
  finished_at: Type.Union([DateTime, Type.Null()]),
  /** When the download link stops working (7 days after the file was ready). */
  expires_at: Type.Union([DateTime, Type.Null()]),
  /** Signed link that works without a session until expires_at; null unless ready. */
  download_url: Type.Union([Type.String(), Type.Null()]),
});
export type FullExport = Static<typeof FullExportSchema>;

export const FullExportList = Type.Object({
  data: Type.Array(FullExportSchema),
  limit: Type.Object({
    per_day: Type.Integer(),
    remaining: Type.Integer({ description: 'Full exports this project may still request in the current 24 hours' }),
    next_available_at: Type.Union([DateTime, Type.Null()], { description: 'When the next one may be requested, when none remain' }),
  }),
  mail_configured: Type.Boolean({ description: 'Whether the link is e-mailed when ready (SMTP configured)' }),
});
export type FullExportList = Static<typeof FullExportList>;

export const FullExportParams = Type.Object({ project_id: Id, export_id: Id }, closed);
export const DownloadParams = Type.Object({ export_id: Id }, closed);
export const DownloadQuery = Type.Object(
  {
    expires: Type.Integer({ minimum: 0, maximum: 1e11, description: 'Unix seconds; the link is refused after it' }),
    signature: Type.String({ minLength: 1, maxLength: 100 }),
  },
  closed,
);
export type DownloadQuery = Static<typeof DownloadQuery>;

/** A recurring export (spec 4.1 "data-export settings"): an entity export sent daily or weekly. */
export const ExportScheduleBody = Type.Object(
  {
    frequency: Type.Union([Type.Literal('daily'), Type.Literal('weekly')]),
    entity: Type.Union([Type.Literal('conversations'), Type.Literal('messages'), Type.Literal('users')]),
    format: Format,
    destination: Type.Union([Type.Literal('email'), Type.Literal('webhook')]),
    to: Type.String({ minLength: 3, maxLength: 2048, description: 'An e-mail address (email) or an https URL that receives a POST (webhook)' }),
  },
  closed,
);
export type ExportScheduleBody = Static<typeof ExportScheduleBody>;

export const ExportScheduleSchema = Type.Object({
  id: Id,
  project_id: Id,
  ...ExportScheduleBody.properties,
  created_at: DateTime,
  next_run_at: DateTime,
  last_run_at: Type.Union([DateTime, Type.Null()]),
  last_status: Type.Union([Type.Literal('sent'), Type.Literal('failed'), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
});
export type ExportSchedule = Static<typeof ExportScheduleSchema>;
export const ExportScheduleList = Type.Object({ data: Type.Array(ExportScheduleSchema) });
export const ExportScheduleParams = Type.Object({ project_id: Id, schedule_id: Id }, closed);
/** Schedules a project may have. */
export const EXPORT_SCHEDULES_MAX = 10;
