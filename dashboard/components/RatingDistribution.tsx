// How the range's conversations were rated (spec 10 rating values): one bar per value. The bars
// are <meter> elements, so they need no inline style (strict CSP) and read out as values.
import type { MetricsReport } from '../models/analytics.js';

const ROWS: [keyof MetricsReport['ratings'], string][] = [
  ['5', '5 stars'],
  ['4', '4 stars'],
  ['3', '3 stars'],
  ['2', '2 stars'],
  ['1', '1 star'],
  ['abandoned', 'Abandoned'],
  ['unoffered', 'Not rated'],
];

export function RatingDistribution({ ratings }: { ratings: MetricsReport['ratings'] }) {
  const max = Math.max(1, ...ROWS.map(([k]) => ratings[k]));
  return (
    <section class="card" aria-labelledby="ratings-title">
      <h2 id="ratings-title">Ratings</h2>
      <dl class="rating-bars">
        {ROWS.map(([key, label]) => (
          <div key={key} data-rating={key}>
            <dt id={`rating-${key}`}>{label}</dt>
            <dd>
              <meter min={0} max={max} value={ratings[key]} aria-labelledby={`rating-${key}`} />
              <span class="rating-count">{ratings[key]}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
