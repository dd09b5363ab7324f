// Audience evaluation per reply (docs/behaviour.md): 100 audiences of 20 conditions each — every
// field group, every type, nested AND/OR groups, time in user and project timezones — evaluated
// against a fresh set of facts per reply, as the runtime does. Audiences are validated and compiled
// once (as the service caches them); each reply pays the Intl timezone work anew.
// Each reply is timed twice: wall clock, and the process's CPU time (process.cpuUsage, microseconds).
// On a shared machine the wall-clock tail is mostly time the OS gave other processes, so the figure
// of record is the CPU time the evaluation itself takes; both are printed, with the load average.
// Then deployment builds of a 10k-chunk project (bench/deployment-build.ts): build time, and the
// storage a build adds against the knowledge's own size (target: a build of unchanged knowledge adds
// ≤ 1%).
// Last line: audience_eval_p99_ms=… (CPU time; target ≤ 1 ms), the wall-clock p99, and the builds'
// figures.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { AudienceCondition, AudienceNode } from '../shared/schemas/behaviour.js';
import { compileAudience, matchAudiences, type AudienceFacts } from '../server/domains/audiences/evaluate.js';
import { validateConditions } from '../server/domains/audiences/validate.js';
import { measureBuilds } from './deployment-build.js';

const AUDIENCES = 100;
const CONDITIONS = 20;
const REPLIES = Number(process.env.BENCH_REPLIES ?? 5000);

const c = (field: string, operator: string, value?: unknown, extra: object = {}): AudienceCondition => ({ type: 'condition', field, operator, ...(value !== undefined ? { value } : {}), ...extra });

/** 20 conditions: 16 at the root, 4 in nested groups (2 OR + 2 AND). */
function conditions(i: number): AudienceNode[] {
  const zone = i % 2 ? 'user' : 'project';
  const root: AudienceNode[] = [
    c('user.email', 'ends_with', `@customer${i % 7}.example`),
    c('user.email_verified', 'is_true'),
    c('user.locales', 'contains_any_of', ['de-DE', 'en-US', 'fr-FR']),
    c('user.external_attributes', 'text_is', 'pro', { path: 'plan' }),
    c('user.external_attributes', 'number_is', 12, { path: 'billing.seats' }),
    c('user.created', 'before', '2026-01-01'),
    c('user.last_seen', 'in_the_last', { amount: 30, unit: 'days' }),
    c('channel.type', 'is_one_of', ['browser', 'api']),
    c('channel.browser_url', 'contains', '/pricing'),
    c('conversation.message_count', 'between', [1, 50 + i]),
    c('conversation.tags', 'contains_none_of', ['spam', 'test']),
    c('conversation.created', 'between', ['2026-01-01', '2027-12-31']),
    c('time.hour', 'between', [0, 23], { timezone: zone }),
    c('time.day_of_week', 'is_not_one_of', ['sunday']),
    c('time.date', 'after', '2020-01-01', { timezone: zone }),
    c('user.name', 'is_not_empty'),
  ];
  return [
    ...root,
    { type: 'group', combinator: 'or', conditions: [c('user.timezone', 'starts_with', 'Europe/'), c('time.month', 'greater_than', 0, { timezone: 'project' })] },
    { type: 'group', combinator: 'and', conditions: [c('user.labels', 'is_empty'), c('conversation.integration_type', 'is_one_of', ['widget'])] },
  ];
}

function facts(n: number): AudienceFacts {
  const now = Date.parse('2026-11-23T18:00:00Z') + n * 60_000;
  return {
    now,
    userTimezone: n % 3 ? 'Europe/Berlin' : 'America/New_York',
    projectTimezone: 'Asia/Tokyo',
    values: {
      'user.email': `visitor${n}@customer${n % 7}.example`,
      'user.name': 'Ada Lovelace',
      'user.email_verified': true,
      'user.locales': ['de-DE'],
      'user.timezone': 'Europe/Berlin',
      'user.external_attributes': { plan: 'Pro', billing: { seats: 12 } },
      'user.labels': [],
      'user.created': '2025-06-01T10:00:00Z',
      'user.last_seen': new Date(now - 3_600_000).toISOString(),
      'channel.type': 'browser',
      'channel.browser_url': 'https://shop.example/pricing?plan=team',
      'conversation.message_count': 1 + (n % 40),
      'conversation.tags': ['vip'],
      'conversation.created': new Date(now - 600_000).toISOString(),
      'conversation.integration_type': 'widget',
    },
  };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x: number) => x.toFixed(3);

const audiences = Array.from({ length: AUDIENCES }, (_, i) => {
  const nodes = conditions(i);
  validateConditions(nodes);
  return { id: `a${i}`, predicate: compileAudience(nodes) };
});
const leaves = (nodes: AudienceNode[]): number => nodes.reduce((n, x) => n + (x.type === 'condition' ? 1 : leaves(x.conditions)), 0);
if (leaves(conditions(0)) !== CONDITIONS) throw new Error('bench audiences must have 20 conditions each');

for (let i = 0; i < 500; i++) matchAudiences(audiences, facts(i)); // warm-up (JIT)
const wall: number[] = [];
const cpu: number[] = [];
let matched = 0;
for (let i = 0; i < REPLIES; i++) {
  const f = facts(i);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  matched += matchAudiences(audiences, f).length;
  wall.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
console.log(`audience evaluation: ${AUDIENCES} audiences × ${CONDITIONS} conditions, ${REPLIES} replies, ${(matched / REPLIES).toFixed(1)} audiences matched per reply`);
console.log(`CPU time per reply: p50 ${ms(pct(cpu, 50))} ms, p99 ${ms(pct(cpu, 99))} ms (target p99 ≤ 1 ms)`);
console.log(`wall clock per reply: p50 ${ms(pct(wall, 50))} ms, p99 ${ms(pct(wall, 99))} ms, max ${ms(Math.max(...wall))} ms (load average ${loadavg()[0].toFixed(1)})`);

const b = await measureBuilds();
const pctOf = (bytes: number) => ((100 * bytes) / b.knowledgeBytes).toFixed(2);
console.log(`deployment builds: ${b.chunks} chunks, knowledge ${(b.knowledgeBytes / 1e6).toFixed(1)} MB on disk`);
console.log(`  first build ${b.firstBuildMs.toFixed(0)} ms, adds ${(b.firstAddedBytes / 1e3).toFixed(1)} kB (${pctOf(b.firstAddedBytes)}%)`);
console.log(`  unchanged knowledge ${b.unchangedBuildMs.toFixed(0)} ms, adds ${(b.unchangedAddedBytes / 1e3).toFixed(1)} kB (${pctOf(b.unchangedAddedBytes)}%; target ≤ 1%)`);
console.log(`  after 1% of the sources changed ${b.changedBuildMs.toFixed(0)} ms, adds ${(b.changedAddedBytes / 1e3).toFixed(1)} kB (${pctOf(b.changedAddedBytes)}%, with the replaced sets kept)`);
console.log(
  `audience_eval_p99_ms=${ms(pct(cpu, 99))} wall_p99_ms=${ms(pct(wall, 99))} build_ms=${b.unchangedBuildMs.toFixed(0)} build_added_pct=${pctOf(b.unchangedAddedBytes)} changed_build_added_pct=${pctOf(b.changedAddedBytes)}`,
);
