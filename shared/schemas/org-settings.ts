// Organization settings (spec 2.1 "default settings"): the defaults new projects start from and the
// organization's data rules. Retention deletes conversations (with their files) whose last activity
// is older than `retention_days`; null keeps everything. Business hours (business-hours.ts) shape
// handover outside them; the default language and time zone are the fallbacks docs/api.md names.
import { Type, type Static } from 'typebox';
import { BusinessHoursSchema } from './business-hours.js';

const closed = { additionalProperties: false } as const;

export const OrgSettingsSchema = Type.Object(
  {
    default_language: Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$', maxLength: 35, description: 'Language tag new projects start with, e.g. en or de-CH' }),
    timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone of the organization, e.g. Europe/Berlin' }),
    retention_days: Type.Union([Type.Integer({ minimum: 1, maximum: 3650 }), Type.Null()], { description: 'Conversations and their files are deleted this many days after their last activity; null keeps them' }),
    business_hours: Type.Optional(Type.Union([BusinessHoursSchema, Type.Null()], { description: 'When the team answers (docs/operators.md "Business hours"); absent or null: always open' })),
  },
  closed,
);
export type OrgSettings = Static<typeof OrgSettingsSchema>;

export const DEFAULT_ORG_SETTINGS: OrgSettings = { default_language: 'en', timezone: 'UTC', retention_days: null };

export const OrgSettingsPatch = Type.Partial(OrgSettingsSchema, closed);
export type OrgSettingsPatch = Static<typeof OrgSettingsPatch>;

export const RetentionPreview = Type.Object({
  retention_days: Type.Union([Type.Integer(), Type.Null()]),
  /** Conversations the next daily run would delete (a dry run: nothing is deleted). */
  due_conversations: Type.Integer(),
  cutoff: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const ErasureBody = Type.Object(
  {
    project_id: Type.String({ format: 'uuid' }),
    user_id: Type.String({ format: 'uuid' }),
  },
  closed,
);
export type ErasureBody = Static<typeof ErasureBody>;

/** What an erasure removed; the audit entry keeps these counts and ids, never the person's data. */
export const ErasureRecord = Type.Object({
  id: Type.String(),
  organization_id: Type.String(),
  project_id: Type.String(),
  /** The erased user's id: a random id that names nobody once the user is gone. */
  user_id: Type.String(),
  member_id: Type.String(),
  conversations_deleted: Type.Integer(),
  messages_deleted: Type.Integer(),
  sessions_deleted: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
});
export type ErasureRecord = Static<typeof ErasureRecord>;
export const ErasureList = Type.Object({ data: Type.Array(ErasureRecord) });
