// Whether the team is open, and when it opens next (docs/operators.md "Business hours"). Pure: the
// instant, the schedule and the IANA time zone in, an answer out. Wall-clock times are read and made
// through Intl, so a schedule of 09:00–17:30 means 09:00 on the clock in that zone on either side
// of a daylight-saving change. Hours unset (null) mean always open.
import { WEEKDAYS, type BusinessHours, type OpenInterval, type Weekday } from './schemas/business-hours.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  /** Minutes since the local midnight. */
  minutes: number;
  weekday: Weekday;
}

/** The wall clock of `ms` in `timeZone`. */
function wall(ms: number, timeZone: string): Wall {
  const p: Record<string, number> = {};
  for (const part of wallFormatter(timeZone).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const weekday = WEEKDAYS[(new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7];
  return { year: p.year, month: p.month, day: p.day, minutes: (p.hour % 24) * 60 + p.minute, weekday };
}

/** The zone's offset from UTC at `ms`, in ms (wall clock read as UTC minus the instant). */
function offsetAt(ms: number, timeZone: string): number {
  const minute = ms - (((ms % MINUTE) + MINUTE) % MINUTE);
  const w = wall(minute, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, 0, w.minutes) - minute;
}

/**
 * The instant the wall clock in `timeZone` shows this date and time. A time skipped by a
 * spring-forward change maps to the same distance after the change (02:30 → 03:30), the first open
 * moment; a time that occurs twice (fall back) maps to its first occurrence.
 */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
  // The offsets in force half a day either side: at most one change lies between them.
  const before = offsetAt(asUtc - DAY / 2, timeZone);
  const after = offsetAt(asUtc + DAY / 2, timeZone);
  const valid = [before, after].map((o) => asUtc - o).filter((t) => offsetAt(t, timeZone) === asUtc - t);
  return valid.length ? Math.min(...valid) : asUtc - before;
}

export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const intervalsOf = (hours: BusinessHours, day: Weekday): OpenInterval[] =>
  [...(hours.week[day] ?? [])].sort((a, b) => toMinutes(a.open) - toMinutes(b.open));

/** Whether `now` falls inside an open interval of the schedule, on the clock in `timeZone`. */
export function isOpen(now: Date | number, hours: BusinessHours | null | undefined, timeZone: string): boolean {
  if (!hours) return true;
  const w = wall(+now, timeZone);
  return intervalsOf(hours, w.weekday).some((i) => toMinutes(i.open) <= w.minutes && w.minutes < toMinutes(i.close));
}

/**
 * The next instant the team opens: `now` itself while open, else the start of the next open
 * interval within the coming week (read on the clock in `timeZone`); null when the schedule has no
 * open interval at all.
 */
export function nextOpening(now: Date | number, hours: BusinessHours | null | undefined, timeZone: string): Date | null {
  const t = +now;
  if (isOpen(t, hours, timeZone)) return new Date(t);
  const today = wall(t, timeZone);
  // Eight days: today's later intervals, the six days after, and today's weekday a week on.
  for (let offset = 0; offset <= 7; offset++) {
    const civil = new Date(Date.UTC(today.year, today.month - 1, today.day) + offset * DAY);
    const weekday = WEEKDAYS[(civil.getUTCDay() + 6) % 7];
    for (const interval of intervalsOf(hours!, weekday)) {
      const at = zonedInstant(civil.getUTCFullYear(), civil.getUTCMonth() + 1, civil.getUTCDate(), toMinutes(interval.open), timeZone);
      if (at > t) return new Date(at);
    }
  }
  return null;
}

/** What is wrong with a schedule the schema accepted: closing not after opening, overlapping intervals. */
export function scheduleProblems(hours: BusinessHours, base = 'business_hours'): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  for (const day of WEEKDAYS) {
    const list = hours.week[day] ?? [];
    list.forEach((i, n) => {
      if (toMinutes(i.close) <= toMinutes(i.open)) problems.push({ path: `${base}.week.${day}.${n}`, message: `closes (${i.close}) before it opens (${i.open}); split a night across two days` });
    });
    const sorted = list.map((i, n) => ({ ...i, n })).sort((a, b) => toMinutes(a.open) - toMinutes(b.open));
    for (let k = 1; k < sorted.length; k++) {
      if (toMinutes(sorted[k].open) < toMinutes(sorted[k - 1].close)) {
        problems.push({ path: `${base}.week.${day}.${sorted[k].n}`, message: `overlaps ${sorted[k - 1].open}–${sorted[k - 1].close}` });
      }
    }
  }
  return problems;
}

/** "Monday 09:00 (Europe/Berlin)" in the visitor's language: the weekday and time on the team's clock, the zone named. */
export function formatOpening(at: Date, locale: string, timeZone: string): string {
  let text: string;
  try {
    text = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  } catch {
    text = new Intl.DateTimeFormat('en', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  }
  return `${text} (${timeZone.replace(/_/g, ' ')})`;
}
