// Wall-clock parts of an instant in an IANA timezone, through Intl (spec 2.8 time conditions). One
// formatter per timezone is kept: building an Intl.DateTimeFormat costs far more than using one.
import { WEEKDAYS } from '../../../shared/schemas/audience-fields.js';

export interface LocalParts {
  /** YYYY-MM-DD in the timezone: compared as text, which orders like the calendar. */
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  weekday: (typeof WEEKDAYS)[number];
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        weekday: 'long',
      });
    } catch {
      f = null; // not a timezone Intl knows
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export const isTimeZone = (tz: unknown): tz is string => typeof tz === 'string' && tz.length > 0 && formatter(tz) !== null;

/** The parts of `ms` in `timeZone` (which must pass isTimeZone). */
export function localParts(ms: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone)!.formatToParts(ms)) parts[p.type] = p.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day}`,
    year,
    month,
    day,
    hour: Number(parts.hour) % 24,
    weekday: parts.weekday.toLowerCase() as LocalParts['weekday'],
  };
}
