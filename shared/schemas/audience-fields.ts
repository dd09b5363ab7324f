// The audience query builder's vocabulary (spec 2.8): every field of the four groups with its type,
// and the operators each type accepts. The server validates against it, the evaluator reads it and a
// console would build its pickers from it: one table, no copies.

export type AudienceFieldType = 'text' | 'number' | 'boolean' | 'date' | 'select' | 'multiselect' | 'json';
export type AudienceFieldGroup = 'user' | 'channel' | 'conversation' | 'time';

/** Spec 2.8 "Operators by field type", as API identifiers. */
export const AUDIENCE_OPERATORS = {
  text: ['is', 'is_not', 'contains', 'starts_with', 'ends_with', 'is_empty', 'is_not_empty'],
  number: ['is', 'is_not', 'less_than', 'greater_than', 'between', 'is_empty'],
  boolean: ['is_true', 'is_false'],
  date: ['is', 'before', 'after', 'between', 'in_the_last', 'in_the_next', 'is_empty'],
  select: ['is_one_of', 'is_not_one_of'],
  multiselect: ['contains', 'contains_any_of', 'contains_none_of', 'is_empty'],
  json: ['text_is', 'number_is', 'boolean_is', 'contains', 'path_exists'],
} as const satisfies Record<AudienceFieldType, readonly string[]>;

export type AudienceOperator = (typeof AUDIENCE_OPERATORS)[AudienceFieldType][number];

/** Units of "in the last / in the next N" (fixed lengths: a day is 24 hours, also across a DST change). */
export const DURATION_UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 604_800_000 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;

export interface AudienceField {
  type: AudienceFieldType;
  group: AudienceFieldGroup;
  description: string;
  /** The values a select field can take. */
  options?: readonly string[];
  /** Operators this one field takes beyond its type's (the user agent's `matches` and `is_one_of`). */
  extraOperators?: readonly string[];
}

/** The operators a field takes: its type's, then its own extras. */
export const fieldOperators = (def: AudienceField): readonly string[] =>
  def.extraOperators ? [...AUDIENCE_OPERATORS[def.type], ...def.extraOperators] : AUDIENCE_OPERATORS[def.type];

export const CHANNEL_TYPES = ['browser', 'messaging', 'ticketing', 'team_chat', 'api', 'crm'] as const;
export const INTEGRATION_TYPES = ['widget', 'api', 'ticketing', 'crm', 'team_chat', 'messaging'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const f = (type: AudienceFieldType, group: AudienceFieldGroup, description: string, options?: readonly string[], extraOperators?: readonly string[]): AudienceField => ({
  type,
  group,
  description,
  ...(options ? { options } : {}),
  ...(extraOperators ? { extraOperators } : {}),
});

export const AUDIENCE_FIELDS: Record<string, AudienceField> = {
  // User attributes (spec 2.4)
  'user.id': f('text', 'user', 'The user id'),
  'user.email': f('text', 'user', 'E-mail address'),
  'user.phone': f('text', 'user', 'Phone number'),
  'user.name': f('text', 'user', 'First and last name'),
  'user.external_id': f('text', 'user', 'Your own id of the user'),
  'user.platform_ids': f('json', 'user', 'Ticketing, team-chat and messaging platform ids, keyed by platform'),
  'user.timezone': f('text', 'user', 'IANA timezone, e.g. Europe/Berlin'),
  'user.locales': f('multiselect', 'user', 'Languages of the browser, e.g. de-DE'),
  'user.external_attributes': f('json', 'user', 'Custom attributes (free-form JSON): address one with `path`'),
  'user.labels': f('multiselect', 'user', 'Labels of the user'),
  'user.last_seen': f('date', 'user', 'When the user was last seen'),
  'user.created': f('date', 'user', 'When the user was created'),
  'user.email_verified': f('boolean', 'user', 'The e-mail was signed by your backend'),
  'user.phone_verified': f('boolean', 'user', 'The phone was signed by your backend'),
  'user.external_id_verified': f('boolean', 'user', 'The external id was signed by your backend'),
  // Channel properties (spec 2.10)
  'channel.type': f('select', 'channel', 'Kind of channel', CHANNEL_TYPES),
  'channel.ticketing_subdomain': f('text', 'channel', 'Ticketing platform subdomain'),
  'channel.ticketing_group_id': f('text', 'channel', 'Ticketing platform group id'),
  'channel.ticketing_brand_id': f('text', 'channel', 'Ticketing platform brand id'),
  'channel.ticketing_private_mode': f('boolean', 'channel', 'Ticketing private mode'),
  'channel.team_chat_team_id': f('text', 'channel', 'Team-chat team id'),
  'channel.team_chat_team_name': f('text', 'channel', 'Team-chat team name'),
  'channel.messaging_phone_number': f('text', 'channel', 'Messaging platform phone number'),
  'channel.browser_url': f('text', 'channel', 'URL of the page the visitor is on (widget)'),
  // A user agent is matched by pattern more often than by equality: `matches` takes a regular
  // expression (RE2 syntax, linear in the text), `is_one_of` a list of whole agents.
  'channel.user_agent': f('text', 'channel', "The visitor's browser user agent (widget), as the browser sent it", undefined, ['matches', 'is_one_of']),
  // Conversation context (spec 2.5)
  'conversation.id': f('text', 'conversation', 'The conversation id'),
  'conversation.external_id': f('text', 'conversation', 'Your own id of the conversation'),
  'conversation.message_count': f('number', 'conversation', 'Messages so far'),
  'conversation.length': f('number', 'conversation', 'Minutes from the first to the last message'),
  'conversation.created': f('date', 'conversation', 'When the conversation was created'),
  'conversation.updated': f('date', 'conversation', 'When the conversation last changed'),
  'conversation.first_message': f('date', 'conversation', 'Time of the first message'),
  'conversation.last_message': f('date', 'conversation', 'Time of the last message'),
  'conversation.integration_type': f('select', 'conversation', 'Where the conversation came from', INTEGRATION_TYPES),
  'conversation.tags': f('multiselect', 'conversation', 'Free-form tags'),
  'conversation.labels': f('multiselect', 'conversation', 'Label ids'),
  // Time, in the user's timezone (else the project's) or the project's: the condition's `timezone`
  'time.date': f('date', 'time', 'The current date'),
  'time.datetime': f('date', 'time', 'The current date and time'),
  'time.hour': f('number', 'time', 'Hour of the day, 0-23'),
  'time.day_of_week': f('select', 'time', 'Day of the week', WEEKDAYS),
  'time.day_of_month': f('number', 'time', 'Day of the month, 1-31'),
  'time.month': f('number', 'time', 'Month, 1-12'),
  'time.year': f('number', 'time', 'Year'),
  'time.timezone': f('text', 'time', 'The timezone the time fields are read in'),
};
