// What each analytics card counts, in one line (spec 10 "Metrics cards"; the server computes them in
// server/domains/metrics/service.ts). Every card says it, so no figure on the page needs guessing.
// Hidden and spam conversations count in none of them; the Spam card says how many there were.
export const METRIC_DEFINITIONS = {
  Messages: 'Messages visitors sent in the range; the AI’s and the team’s replies are not counted.',
  Conversations: 'Conversations started in the range.',
  'Unique Users': 'Visitors who sent at least one message in the range.',
  CSAT: 'Share of rated conversations (started in the range) rated 4 or 5 stars.',
  'Resolution Rate': 'Share of conversations started in the range that were resolved without ever being escalated to a person or abandoned.',
  Spam: 'Share of conversations started in the range marked as spam; left out of every other card.',
} as const;

export type MetricName = keyof typeof METRIC_DEFINITIONS;
