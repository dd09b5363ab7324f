// `npm run eval:topics` (docs/operators.md "Topics"): how well the offline topics group labelled
// support questions (eval/topics/questions.ts). Per split it prints:
// - discover: the questions clustered from scratch; `purity` is the share of questions in a topic
//   whose label is their topic's most common label, `assigned` the share of topic questions (not
//   one-offs) that got a topic, `topics` how many were made (the labels have 12), `other_assigned`
//   the share of one-offs put into a topic;
// - assign (held-out only): the held-out questions joined to the topics discovered on the tuning
//   half, as new conversations are; purity against each topic's label from the tuning half.
// The last line holds the held-out figures. `--settings=cluster,assign,min` tries other settings
// (on the tuning half; the defaults are server/domains/topics/cluster.ts's).
import { TOPIC_QUESTIONS, type TopicQuestion } from './questions.js';
import { topicPass, type TopicDoc } from '../../server/domains/topics/pipeline.js';
import { prepareLanguages } from '../../server/domains/topics/terms.js';
import { DEFAULT_SETTINGS, type Settings } from '../../server/domains/topics/cluster.js';

const arg = process.argv.find((a) => a.startsWith('--settings='));
const settings: Settings = arg
  ? (([c, a, m]) => ({ clusterSimilarity: c!, assignSimilarity: a!, minTopicSize: m! }))(arg.slice(11).split(',').map(Number))
  : DEFAULT_SETTINGS;

const docsOf = (qs: readonly TopicQuestion[]): TopicDoc[] => qs.map((q, i) => ({ id: String(i), text: q.text }));
const round = (x: number) => x.toFixed(3);

function majority(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function discoverFigures(qs: readonly TopicQuestion[]) {
  const result = topicPass(docsOf(qs), [], qs.map((q) => q.text), settings);
  let pure = 0;
  let inTopics = 0;
  for (const t of result.created) {
    const labels = t.members.map((id) => qs[Number(id)]!.label);
    const top = majority(labels);
    pure += labels.filter((l) => l === top).length;
    inTopics += labels.length;
  }
  const member = new Set(result.created.flatMap((t) => t.members));
  const topical = qs.map((q, i) => [q, i] as const).filter(([q]) => q.label !== 'other');
  const other = qs.map((q, i) => [q, i] as const).filter(([q]) => q.label === 'other');
  return {
    result,
    purity: inTopics ? pure / inTopics : 0,
    assigned: topical.filter(([, i]) => member.has(String(i))).length / topical.length,
    topics: result.created.length,
    otherAssigned: other.filter(([, i]) => member.has(String(i))).length / Math.max(1, other.length),
  };
}

await prepareLanguages(TOPIC_QUESTIONS.map((q) => q.text));
const tune = TOPIC_QUESTIONS.filter((q) => q.split === 'tune');
const held = TOPIC_QUESTIONS.filter((q) => q.split === 'held-out');
console.log(`settings cluster=${settings.clusterSimilarity} assign=${settings.assignSimilarity} min=${settings.minTopicSize}`);

const t = discoverFigures(tune);
console.log(`tune discover: purity=${round(t.purity)} assigned=${round(t.assigned)} topics=${t.topics} other_assigned=${round(t.otherAssigned)}`);
if (process.argv.includes('--verbose')) {
  for (const topic of t.result.created) console.log(`  ${topic.name}: ${topic.members.map((id) => tune[Number(id)]!.label).join(', ')}`);
}
const h = discoverFigures(held);
console.log(`held-out discover: purity=${round(h.purity)} assigned=${round(h.assigned)} topics=${h.topics} other_assigned=${round(h.otherAssigned)}`);

// Held-out questions as new conversations joining the topics of the tuning half.
const known = t.result.created.map((topic, i) => ({ id: String(i), centroid: topic.centroid, label: majority(topic.members.map((id) => tune[Number(id)]!.label)) }));
const pass = topicPass(docsOf(held), known, [...tune, ...held].map((q) => q.text), { ...settings, minTopicSize: Number.POSITIVE_INFINITY });
let right = 0;
let joined = 0;
let otherJoined = 0;
held.forEach((q, i) => {
  const topic = pass.assigned.get(String(i));
  if (topic === undefined) return;
  if (q.label === 'other') return void otherJoined++;
  joined++;
  if (known[Number(topic)]!.label === q.label) right++;
});
const topicalHeld = held.filter((q) => q.label !== 'other').length;
const assignPurity = joined ? right / joined : 0;
console.log(`held-out assign: purity=${round(assignPurity)} assigned=${round(joined / topicalHeld)} other_assigned=${round(otherJoined / held.filter((q) => q.label === 'other').length)}`);
console.log(`discover_purity=${round(h.purity)} discover_assigned=${round(h.assigned)} assign_purity=${round(assignPurity)} assign_assigned=${round(joined / topicalHeld)}`);
