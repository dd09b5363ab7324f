// The analytics page's topics (docs/operators.md "Topics"): conversations of the range by topic, as
// GET …/metrics reports them. The inbox's "More filters" narrows the list to one of them.
import type { TopicBreakdown as Breakdown } from '../../server/domains/metrics/schemas.js';

export function TopicBreakdown({ topics }: { topics: Breakdown }) {
  const total = topics.reduce((s, t) => s + t.conversations, 0);
  return (
    <section class="card topic-breakdown" aria-labelledby="topics-title">
      <h2 id="topics-title">Topics</h2>
      {total === 0 ? (
        <p class="muted">No conversations in this range.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Topic</th>
              <th scope="col" class="num">Conversations</th>
              <th scope="col" class="num">Share</th>
            </tr>
          </thead>
          <tbody>
            {topics.map((t) => (
              <tr key={t.topic ?? ''}>
                <td>{t.topic === null ? <span class="muted">No topic yet</span> : t.topic}</td>
                <td class="num">{t.conversations}</td>
                <td class="num">{Math.round((t.conversations / total) * 100)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
