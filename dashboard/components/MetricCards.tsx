// The spec 10 metric cards for the chosen range, plus the spam share once there is spam.
import type { MetricsReport } from '../models/analytics.js';
import { percent } from '../models/analytics.js';

export function MetricCards({ report }: { report: MetricsReport }) {
  const t = report.totals;
  const cards: [string, string, string][] = [
    ['Messages', t.messages.toLocaleString('en'), 'User messages sent'],
    ['Conversations', t.conversations.toLocaleString('en'), 'Conversations started'],
    ['Unique Users', t.unique_users.toLocaleString('en'), 'Distinct users who wrote'],
    ['CSAT', percent(t.csat_score), t.rated_conversations ? `4–5 stars among ${t.rated_conversations} rated` : 'No ratings yet'],
    ['Resolution Rate', percent(t.resolution_rate), 'Resolved without escalation or abandonment'],
  ];
  if (report.spam.conversations > 0) cards.push(['Spam', percent(report.spam.share), `${report.spam.conversations} spam conversation${report.spam.conversations === 1 ? '' : 's'}, left out above`]);
  return (
    <ul class="metric-cards" aria-label="Totals">
      {cards.map(([label, value, hint]) => (
        <li key={label} class="metric-card" data-metric={label}>
          <span class="metric-label">{label}</span>
          <strong class="metric-value">{value}</strong>
          <span class="metric-hint">{hint}</span>
        </li>
      ))}
    </ul>
  );
}
