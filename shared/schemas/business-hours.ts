// Business hours (docs/operators.md "Business hours"): a weekly schedule in the organization's time
// zone and what the visitor reads when asking for a person outside it. One shape for the API, the
// server's handover and the console's editor. Unset means always open (the behaviour before hours).
import { Type, type Static } from 'typebox';
import { WEEKDAYS } from './audience-fields.js';

const closed = { additionalProperties: false } as const;

/** HH:MM on a 24-hour clock; a closing time may be 24:00 (midnight at the end of the day). */
const Time = (description: string, end = false) =>
  Type.String({ pattern: end ? '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' : '^([01][0-9]|2[0-3]):[0-5][0-9]$', description });

export const OpenInterval = Type.Object(
  { open: Time('Opening time, HH:MM'), close: Time('Closing time, HH:MM (24:00 for midnight); later than open', true) },
  closed,
);
export type OpenInterval = Static<typeof OpenInterval>;

const Day = Type.Array(OpenInterval, { maxItems: 6, description: 'Open intervals of the day, not overlapping; none (or absent): closed all day' });

export const BusinessWeek = Type.Object(
  {
    monday: Type.Optional(Day),
    tuesday: Type.Optional(Day),
    wednesday: Type.Optional(Day),
    thursday: Type.Optional(Day),
    friday: Type.Optional(Day),
    saturday: Type.Optional(Day),
    sunday: Type.Optional(Day),
  },
  closed,
);
export type BusinessWeek = Static<typeof BusinessWeek>;

export const BusinessHoursSchema = Type.Object(
  {
    week: BusinessWeek,
    away_message: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Null()], {
        description: 'Told to a visitor who asks for a person outside the hours, before when the team is back; null: the built-in text in the visitor’s language',
      }),
    ),
  },
  { ...closed, description: 'Weekly opening hours in the organization’s time zone' },
);
export type BusinessHours = Static<typeof BusinessHoursSchema>;
export type Weekday = (typeof WEEKDAYS)[number];
export { WEEKDAYS };
