// Business hours (docs/operators.md "Business hours"): off means always open; on, one row per weekday
// with its open intervals (none: closed) and the message told outside them. The server checks the
// schedule (overlaps, closing before opening) and its error is shown as the page's error line.
// A closing time of 00:00 is midnight at the end of the day (sent as 24:00: a time field stops at 23:59).
import '../styles/business-hours.css';
import type { BusinessHours, OpenInterval, Weekday } from '../../shared/schemas/business-hours.js';
import { WEEKDAYS } from '../../shared/schemas/business-hours.js';

const DAY_NAMES: Record<Weekday, string> = { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' };
const WORKDAY: OpenInterval = { open: '09:00', close: '17:00' };

/** A schedule to start from when hours are switched on: weekdays 09:00–17:00. */
export const defaultHours = (): BusinessHours => ({ week: Object.fromEntries(WEEKDAYS.slice(0, 5).map((d) => [d, [{ ...WORKDAY }]])) });

/** The form's times to the API's: a closing 00:00 is the end of the day. */
export const toApiHours = (h: BusinessHours): BusinessHours => ({
  ...h,
  week: Object.fromEntries(Object.entries(h.week).map(([d, list]) => [d, (list ?? []).map((i) => ({ open: i.open, close: i.close === '00:00' ? '24:00' : i.close }))])),
});
export const fromApiHours = (h: BusinessHours): BusinessHours => ({
  ...h,
  week: Object.fromEntries(Object.entries(h.week).map(([d, list]) => [d, (list ?? []).map((i) => ({ open: i.open, close: i.close === '24:00' ? '00:00' : i.close }))])),
});

export function BusinessHoursEditor({ value, onChange }: { value: BusinessHours | null; onChange: (next: BusinessHours | null) => void }) {
  const setDay = (day: Weekday, list: OpenInterval[]) => value && onChange({ ...value, week: { ...value.week, [day]: list } });
  return (
    <div data-testid="business-hours">
      <div>
        <label class="hours-toggle">
          <input type="checkbox" checked={value !== null} onChange={(e) => onChange(e.currentTarget.checked ? defaultHours() : null)} /> Limit handover to business hours
        </label>
        <p class="muted">Off: always open. On: outside these hours a visitor who asks for a person reads that the team is away and when it is back, in the organization's time zone.</p>
      </div>
      {value && (
        <>
          <fieldset class="hours-days">
            <legend>Opening hours per weekday, in the organization's time zone (closing at midnight ends the day)</legend>
            {WEEKDAYS.map((day) => {
              const list = value.week[day] ?? [];
              const name = DAY_NAMES[day];
              return (
                <div class="hours-day" key={day} data-day={day}>
                  <h4 id={`hours-${day}`}>{name}</h4>
                  <div class="hours-intervals" role="group" aria-labelledby={`hours-${day}`}>
                    {list.length === 0 && <span class="muted">Closed</span>}
                    {list.map((interval, n) => {
                      const put = (patch: Partial<OpenInterval>) => setDay(day, list.map((x, k) => (k === n ? { ...x, ...patch } : x)));
                      const which = list.length > 1 ? ` (${n + 1})` : '';
                      return (
                        <span class="hours-interval" key={n}>
                          <input type="time" required aria-label={`${name} opens${which}`} value={interval.open} onInput={(e) => put({ open: e.currentTarget.value })} />
                          <span aria-hidden="true">–</span>
                          <input type="time" required aria-label={`${name} closes${which}`} value={interval.close} onInput={(e) => put({ close: e.currentTarget.value })} />
                          <button type="button" class="btn" aria-label={`Remove ${name} ${interval.open}–${interval.close}`} onClick={() => setDay(day, list.filter((_, k) => k !== n))}>
                            Remove
                          </button>
                        </span>
                      );
                    })}
                    <button type="button" class="btn" aria-label={`Add hours on ${name}`} onClick={() => setDay(day, [...list, list.length ? { open: '13:00', close: '17:00' } : { ...WORKDAY }])}>
                      Add hours
                    </button>
                  </div>
                </div>
              );
            })}
          </fieldset>
          <div class="field">
            <label for="hours-away">Message outside business hours (optional; when the team is back is added)</label>
            <textarea
              id="hours-away"
              class="hours-message"
              rows={2}
              maxLength={500}
              value={value.away_message ?? ''}
              onInput={(e) => onChange({ ...value, away_message: e.currentTarget.value.trim() ? e.currentTarget.value : null })}
            />
          </div>
        </>
      )}
    </div>
  );
}
