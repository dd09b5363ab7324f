// The spec 10 filters above the conversation list: date range (7/30/90 days or custom), AI
// involvement, channel, labels; "More filters": topic, status, rating. Every change reloads the list.
import { useEffect, useState } from 'preact/hooks';
import { filters, setFilters } from '../models/inbox.js';
import { advancedCount, CHANNELS, INVOLVEMENT, RATINGS, STATUSES, type InboxFilters, type RangeChoice } from '../models/filters.js';
import { labels } from '../models/labels.js';
import { loadTopicNames, topicNames } from '../models/topics.js';
import { CheckList } from './CheckList.js';

export function InboxFiltersBar({ project }: { project: string }) {
  const f = filters.value;
  const set = (patch: Partial<InboxFilters>) => setFilters({ ...f, ...patch });
  const more = advancedCount(f);
  // Open at first when advanced filters are set; afterwards it stays as the member leaves it.
  const [advancedOpen, setAdvancedOpen] = useState(more > 0);
  useEffect(() => {
    if (advancedOpen) void loadTopicNames(project);
  }, [advancedOpen, project]);
  return (
    <form class="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <label class="field">
        <span>Date range</span>
        <select value={f.range} onChange={(e) => set({ range: (e.target as HTMLSelectElement).value as RangeChoice })}>
          <option value="7">Last 7 days</option>
          <option value="30">Last 30 days</option>
          <option value="90">Last 90 days</option>
          <option value="custom">Custom…</option>
        </select>
      </label>
      {f.range === 'custom' && (
        <>
          <label class="field">
            <span>From</span>
            <input type="date" value={f.from} onChange={(e) => set({ from: (e.target as HTMLInputElement).value })} />
          </label>
          <label class="field">
            <span>To</span>
            <input type="date" value={f.to} onChange={(e) => set({ to: (e.target as HTMLInputElement).value })} />
          </label>
        </>
      )}
      <label class="field">
        <span>Channel</span>
        <select value={f.channel} onChange={(e) => set({ channel: (e.target as HTMLSelectElement).value })}>
          {CHANNELS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <CheckList legend="Involvement" choices={INVOLVEMENT} value={f.involvement} onChange={(involvement) => set({ involvement })} />
      <CheckList legend="Labels" choices={labels.value.map((l) => ({ value: l.id, label: l.name }))} value={f.labels} onChange={(l) => set({ labels: l })} />
      <details class="advanced" open={advancedOpen} onToggle={(e) => setAdvancedOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>More filters{more > 0 && <span class="count"> ({more})</span>}</summary>
        <div class="advanced-body">
          <label class="field">
            <span>Topic</span>
            <input type="search" list="topic-names" value={f.topic} onChange={(e) => set({ topic: (e.target as HTMLInputElement).value })} />
            <datalist id="topic-names">
              {topicNames.value.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </label>
          <CheckList legend="Status" choices={STATUSES} value={f.status} onChange={(status) => set({ status })} />
          <CheckList legend="Rating" choices={RATINGS} value={f.rating} onChange={(rating) => set({ rating })} />
        </div>
      </details>
    </form>
  );
}
