// The analytics range (spec 10): the last 7, 30 or 90 days, or custom days, in the organization's time zone.
import { useState } from 'preact/hooks';
import { range, timeZone, zoneDay, type Range } from '../models/analytics.js';
import { ErrorAlert } from './ErrorAlert.js';

const PRESETS = [7, 30, 90] as const;

export function RangePicker({ onChange }: { onChange: (r: Range) => void }) {
  const r = range.value;
  const today = zoneDay(Date.now());
  const [from, setFrom] = useState(r.kind === 'custom' ? r.from : zoneDay(Date.now() - 29 * 86_400_000));
  const [to, setTo] = useState(r.kind === 'custom' ? r.to : today);
  const [custom, setCustom] = useState(r.kind === 'custom');
  const [error, setError] = useState('');
  const apply = (e: Event) => {
    e.preventDefault();
    if (!from || !to) return setError('Choose both days.');
    if (from > to) return setError('The first day must not be after the last day.');
    setError('');
    onChange({ kind: 'custom', from, to });
  };
  return (
    <div class="range">
      <fieldset class="range-presets">
        <legend>Range</legend>
        {PRESETS.map((days) => (
          <label class="check" key={days}>
            <input
              type="radio"
              name="range"
              checked={!custom && r.kind === 'preset' && r.days === days}
              onChange={() => {
                setCustom(false);
                onChange({ kind: 'preset', days });
              }}
            />
            Last {days} days
          </label>
        ))}
        <label class="check">
          <input type="radio" name="range" checked={custom} onChange={() => setCustom(true)} />
          Custom
        </label>
      </fieldset>
      {custom && (
        <form class="inline-form range-custom" onSubmit={apply}>
          <label class="field">
            <span>First day ({timeZone.value})</span>
            <input type="date" max={today} value={from} onInput={(e) => setFrom((e.target as HTMLInputElement).value)} />
          </label>
          <label class="field">
            <span>Last day ({timeZone.value})</span>
            <input type="date" max={today} value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />
          </label>
          <button class="btn btn-primary" type="submit">
            Show range
          </button>
          <ErrorAlert text={error} />
        </form>
      )}
    </div>
  );
}
