// Business hours on the team's clock across daylight-saving changes (Europe/Berlin: last Sunday of
// March and of October; America/New_York: second Sunday of March, first Sunday of November).
import { describe, expect, it } from 'vitest';
import { formatOpening, isOpen, nextOpening, scheduleProblems, zonedInstant } from './business-hours.js';
import type { BusinessHours } from './schemas/business-hours.js';

const nineToFive = { open: '09:00', close: '17:30' };
const weekdays: BusinessHours = { week: { monday: [nineToFive], tuesday: [nineToFive], wednesday: [nineToFive], thursday: [nineToFive], friday: [nineToFive] } };
const at = (iso: string) => new Date(iso);

describe('isOpen', () => {
  it('is always open without hours', () => {
    expect(isOpen(at('2026-03-29T03:00:00Z'), null, 'Europe/Berlin')).toBe(true);
  });

  it('reads 09:00 on the local clock on both sides of the Berlin spring change', () => {
    // Friday 27 March 2026: CET (UTC+1); Monday 30 March: CEST (UTC+2).
    expect(isOpen(at('2026-03-27T07:59:00Z'), weekdays, 'Europe/Berlin')).toBe(false);
    expect(isOpen(at('2026-03-27T08:00:00Z'), weekdays, 'Europe/Berlin')).toBe(true);
    expect(isOpen(at('2026-03-30T06:59:00Z'), weekdays, 'Europe/Berlin')).toBe(false);
    expect(isOpen(at('2026-03-30T07:00:00Z'), weekdays, 'Europe/Berlin')).toBe(true);
    expect(isOpen(at('2026-03-30T15:29:00Z'), weekdays, 'Europe/Berlin')).toBe(true);
    expect(isOpen(at('2026-03-30T15:30:00Z'), weekdays, 'Europe/Berlin')).toBe(false);
  });

  it('several intervals a day, closed on days without any', () => {
    const split: BusinessHours = { week: { saturday: [{ open: '08:00', close: '12:00' }, { open: '13:00', close: '24:00' }] } };
    expect(isOpen(at('2026-11-07T11:59:00-05:00'), split, 'America/New_York')).toBe(true);
    expect(isOpen(at('2026-11-07T12:30:00-05:00'), split, 'America/New_York')).toBe(false);
    expect(isOpen(at('2026-11-07T23:59:00-05:00'), split, 'America/New_York')).toBe(true);
    expect(isOpen(at('2026-11-08T00:00:00-05:00'), split, 'America/New_York')).toBe(false);
  });
});

describe('nextOpening', () => {
  it('is now while open, null for a schedule without any interval', () => {
    const now = at('2026-03-30T08:00:00Z');
    expect(nextOpening(now, weekdays, 'Europe/Berlin')?.toISOString()).toBe(now.toISOString());
    expect(nextOpening(now, { week: {} }, 'Europe/Berlin')).toBeNull();
  });

  it('Friday evening before the Berlin spring change opens Monday 09:00 CEST', () => {
    expect(nextOpening(at('2026-03-27T18:00:00Z'), weekdays, 'Europe/Berlin')?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('Friday evening before the Berlin autumn change opens Monday 09:00 CET', () => {
    expect(nextOpening(at('2026-10-23T17:00:00Z'), weekdays, 'Europe/Berlin')?.toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('New York across spring forward and fall back', () => {
    // Saturday 7 March 2026 noon EST → Monday 9 March 09:00 EDT (UTC−4).
    expect(nextOpening(at('2026-03-07T17:00:00Z'), weekdays, 'America/New_York')?.toISOString()).toBe('2026-03-09T13:00:00.000Z');
    // Saturday 31 October 2026 EDT → Monday 2 November 09:00 EST (UTC−5).
    expect(nextOpening(at('2026-10-31T16:00:00Z'), weekdays, 'America/New_York')?.toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });

  it('an opening inside the skipped hour starts when the clock jumps; a repeated hour opens the first time', () => {
    const sundayNight: BusinessHours = { week: { sunday: [{ open: '02:30', close: '04:00' }] } };
    // 29 March 2026, Berlin: 02:00 CET jumps to 03:00 CEST; 02:30 never shows, 03:30 CEST (01:30Z) is that moment.
    expect(nextOpening(at('2026-03-28T12:00:00Z'), sundayNight, 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:30 happens twice (CEST, then CET); the first is 00:30Z.
    expect(nextOpening(at('2026-10-24T12:00:00Z'), sundayNight, 'Europe/Berlin')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant(2026, 11, 1, 90, 'America/New_York')).toBe(Date.parse('2026-11-01T05:30:00Z'));
  });

  it('later the same day, and a week on for the only open weekday', () => {
    const monday: BusinessHours = { week: { monday: [{ open: '09:00', close: '12:00' }, { open: '14:00', close: '18:00' }] } };
    expect(nextOpening(at('2026-11-30T12:30:00Z'), monday, 'UTC')?.toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(nextOpening(at('2026-11-30T18:00:00Z'), monday, 'UTC')?.toISOString()).toBe('2026-12-07T09:00:00.000Z');
  });
});

describe('scheduleProblems and formatOpening', () => {
  it('names the interval that closes before it opens or overlaps another', () => {
    const bad: BusinessHours = { week: { tuesday: [{ open: '13:00', close: '18:00' }, { open: '09:00', close: '13:30' }], friday: [{ open: '18:00', close: '09:00' }] } };
    expect(scheduleProblems(bad).map((p) => p.path)).toEqual(['business_hours.week.tuesday.0', 'business_hours.week.friday.0']);
    expect(scheduleProblems(weekdays)).toEqual([]);
  });

  it('renders the weekday and time on the team’s clock with the zone named, in the visitor’s language', () => {
    const monday = at('2026-03-30T07:00:00Z');
    expect(formatOpening(monday, 'en', 'Europe/Berlin')).toBe('Monday 09:00 (Europe/Berlin)');
    expect(formatOpening(monday, 'de', 'Europe/Berlin')).toBe('Montag, 09:00 (Europe/Berlin)');
    expect(formatOpening(monday, 'en', 'America/New_York')).toBe('Monday 03:00 (America/New York)');
  });
});
