// Snooze a conversation until a time (docs/operators.md "Snooze"): a quick choice (1 hour, 4 hours,
// tomorrow 9:00) or a date and time of one's own; while snoozed, when it wakes and "Wake now". The
// server wakes it when the time passes or the visitor writes (conversation.updated on the feed).
import { useState } from 'preact/hooks';
import type { Conversation } from '../../shared/schemas/entities.js';
import { snooze } from '../models/conversation.js';
import { fullTime } from './format.js';
import { ReasonButton } from './ReasonButton.js';
import '../styles/queue-tools.css';

const HOUR = 3_600_000;

/** Tomorrow at 9:00 local time. */
function tomorrowMorning(now = new Date()): Date {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return d;
}

const CHOICES: { value: string; text: string; at: () => Date }[] = [
  { value: '1h', text: '1 hour', at: () => new Date(Date.now() + HOUR) },
  { value: '4h', text: '4 hours', at: () => new Date(Date.now() + 4 * HOUR) },
  { value: 'tomorrow', text: 'until tomorrow 9:00', at: tomorrowMorning },
];

export function SnoozeControl({ c, run }: { c: Conversation; run: (action: () => Promise<unknown>, done?: string) => void }) {
  const [choice, setChoice] = useState('1h');
  const [custom, setCustom] = useState('');
  if (c.status === 'resolved' || c.status === 'abandoned') return null;
  if (c.snoozed_until) {
    return (
      <div class="field">
        <span>Snoozed</span>
        <p data-testid="snoozed-until">Until {fullTime(c.snoozed_until)}, or until the visitor writes.</p>
        <button type="button" class="btn" onClick={() => run(() => snooze(null), 'Woken up: back in the open list.')}>
          Wake now
        </button>
      </div>
    );
  }
  const until = () => (choice === 'custom' ? new Date(custom) : CHOICES.find((x) => x.value === choice)!.at());
  return (
    <form
      class="snooze"
      aria-label="Snooze"
      onSubmit={(e) => {
        e.preventDefault();
        const at = until();
        if (Number.isNaN(at.getTime())) return;
        run(() => snooze(at.toISOString()), `Snoozed until ${at.toLocaleString()}.`);
      }}
    >
      <label class="field">
        <span>Snooze for</span>
        <select value={choice} onChange={(e) => setChoice((e.target as HTMLSelectElement).value)}>
          {CHOICES.map((x) => (
            <option key={x.value} value={x.value}>
              {x.text}
            </option>
          ))}
          <option value="custom">until a time I choose…</option>
        </select>
      </label>
      {choice === 'custom' && (
        <label class="field">
          <span>Wake at</span>
          <input type="datetime-local" required value={custom} onInput={(e) => setCustom((e.target as HTMLInputElement).value)} />
        </label>
      )}
      <ReasonButton type="submit" class="btn" reason={choice === 'custom' && !custom && 'Choose when it wakes first.'}>
        Snooze
      </ReasonButton>
    </form>
  );
}
