// The spec 10 metric cards for the chosen range, plus the spam share once there is spam. Each card
// carries its one-line definition (models/metric-definitions.ts) and, where it helps, what the share
// is taken of.
import type { MetricsReport } from '../models/analytics.js';
import { percent } from '../models/analytics.js';
import { plural } from '../models/plural.js';
import { METRIC_DEFINITIONS, type MetricName } from '../models/metric-definitions.js';

export function MetricCards({ report }: { report: MetricsReport }) {
  const t = report.totals;
  const cards: [MetricName, string, string | null][] = [
    ['Messages', t.messages.toLocaleString('en'), null],
    ['Conversations', t.conversations.toLocaleString('en'), null],
    ['Unique Users', t.unique_users.toLocaleString('en'), null],
    ['CSAT', percent(t.csat_score), t.rated_conversations ? `Of ${plural(t.rated_conversations, 'rated conversation')}.` : 'No ratings yet.'],
    ['Resolution Rate', percent(t.resolution_rate), t.conversations ? `Of ${plural(t.conversations, 'conversation')}.` : null],
  ];
  if (report.spam.conversations > 0) cards.push(['Spam', percent(report.spam.share), `${plural(report.spam.conversations, 'spam conversation')}.`]);
  return (
    <ul class="metric-cards" aria-label="Totals">
      {cards.map(([label, value, detail]) => (
        <li key={label} class="metric-card" data-metric={label}>
          <span class="metric-label">{label}</span>
          <strong class="metric-value">{value}</strong>
          <span class="metric-hint metric-definition">{METRIC_DEFINITIONS[label]}</span>
          {detail && <span class="metric-hint metric-detail">{detail}</span>}
        </li>
      ))}
    </ul>
  );
}
