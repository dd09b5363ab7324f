// Date-times of the spreadsheet formats in the organization's time zone (docs/api.md "Exports"):
// a site owner in Berlin reads 14:05 where the team saw 14:05, not the UTC 13:05. The reading goes
// through Intl, so daylight-saving changes fall where the zone's rules put them. One formatter per
// zone is kept: building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The clock reading of instant `ms` in `timeZone` (an IANA name Intl knows), as the milliseconds
 * whose UTC fields show it: Date.UTC(local year, month, day, hour, minute, second). That is what a
 * spreadsheet's date cell holds (a wall-clock reading with no zone), and what exceljs writes for a
 * Date, which it reads through its UTC fields.
 */
export function wallClock(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return ms;
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) p[part.type] = part.value;
  const millis = ((ms % 1000) + 1000) % 1000;
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second), millis);
}

/** The calendar date (`YYYY-MM-DD`) of instant `ms` in `timeZone`: the date an export's file is named after. */
export const localDate = (ms: number, timeZone: string): string => new Date(wallClock(ms, timeZone)).toISOString().slice(0, 10);
