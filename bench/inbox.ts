// bench:inbox — the team console's inbox over a project with 10,000 conversations; the target is a
// first page of rows on screen within 300 ms of navigating to the inbox.
// Seeds the demo project up to CONVERSATIONS (default 10,000) conversations straight into the store
// (no events, no AI): 28 days of traffic with a busy last ten minutes, 2–7 messages each, statuses,
// holders, assignees (six team members, the signed-in owner among them), labels, ratings and snoozes
// mixed as the lifecycle would leave them (a sweep right after seeding changes nothing), then measures
//   api:     the three calls the console makes for the inbox's first screen, over real HTTP on
//            127.0.0.1 with the session cookie, exactly as dashboard/models/inbox.ts builds them
//            (Open tab, All view, default filters): the first page (limit 50), the views' counts and
//            the waiting queue (waiting=true, limit 100); plus a full-text search page (q), whose
//            first call folds every conversation's text once (search.ts);
//   console: real Chromium, a fresh browser context per run (nothing cached but the session cookie):
//            from navigating to /app/p/{project}/inbox until the first page of rows is in the DOM,
//            read in the page (performance.now() at the next animation frame after the rows
//            appeared, i.e. since the navigation started). Warm runs reuse one context (HTTP cache).
// Prints figures only. Last line: api_first_page_p50_ms=… api_first_page_p99_ms=… counts_p50_ms=… console_first_page_ms=… conversations=…
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { v7 } from 'uuid';
import type { Browser, BrowserContext } from 'playwright-core';
import { ensureBuilt, startHarness } from '../tests/browser/harness.js';
import { lifecycleOf } from '../server/domains/operators/lifecycle.js';
import type { ConversationRecord, Label, Message, MessageRole } from '../shared/schemas/entities.js';
import type { ConversationCounts, ConversationListItem } from '../shared/schemas/inbox.js';
import { countsQuery, listQuery } from '../dashboard/models/inbox-views.js';
import { DEFAULT_FILTERS } from '../dashboard/models/filters.js';
import { withQuery } from '../dashboard/models/api.js';

const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 10_000);
const API_CALLS = Number(process.env.API_CALLS ?? 200);
const RUNS = Number(process.env.RUNS ?? 7);
const PAGE = 50; // dashboard/models/inbox.ts PAGE
const ROOT = join(import.meta.dirname, '..');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const median = (xs: number[]) => pct(xs, 50);
const ms = (x: number) => x.toFixed(1);

// A deterministic generator, so every run seeds the same mix.
let seed = 27;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

const QUESTIONS = [
  'How do I reset my password? The link in the e-mail has expired.',
  'My invoice for October shows the wrong VAT number, can you correct it?',
  'Where is my parcel? Tracking has said "in transit" for five days.',
  'Can I change my plan from monthly to yearly and keep my discount?',
  'The app crashes when I upload a photo larger than 10 MB.',
  'Do you ship to Norway, and how long does it take?',
  'I was charged twice for the same order #48213.',
  'How can I export all my data as CSV?',
  'Is there a way to add a second user to my account?',
  'Ich möchte mein Abo kündigen, wie geht das?',
  '¿Puedo devolver un producto después de 30 días?',
  'The discount code SPRING24 says it is not valid.',
];
const ANSWERS = [
  'You can reset it under **Account → Security → Reset password**; the new link is valid for 24 hours.',
  'Invoices can be corrected from the Billing page: choose the invoice, then "Request correction".',
  'Parcels usually arrive within 3–5 working days. If tracking has not moved for 5 days, we can open an inquiry with the carrier.',
  'Yes: switch under **Plan → Billing cycle**. Your discount stays for the first year.',
  'Uploads are limited to 10 MB per file. Compressing the photo first usually helps.',
  'We ship to Norway in 4–6 working days; customs fees are shown at checkout.',
  'Exports are under **Settings → Data → Export**, as CSV or JSON.',
  'Team seats can be added under **Account → Team**.',
];
const FOLLOW_UPS = ['Thanks, that worked!', 'That did not help, the link still fails.', 'Ok, and how long does that take?', 'Can I talk to a person, please?', 'Great, thank you.'];
const OPERATOR_REPLIES = [
  'Hi, this is Sam from the team. I have refunded the second charge; you will see it in 3–5 days.',
  'I have corrected the invoice and sent you the new PDF.',
  'I opened an inquiry with the carrier and will update you tomorrow.',
  'I checked your account: the code was for new customers only, but I applied 10% for you.',
];
const LABELS = [
  ['Billing', '#2563eb'],
  ['Shipping', '#16a34a'],
  ['Bug', '#dc2626'],
  ['Refund', '#d97706'],
  ['VIP', '#7c3aed'],
  ['Feature request', '#0891b2'],
  ['Account', '#4b5563'],
  ['Churn risk', '#be185d'],
] as const;

type Kind = 'ai_active' | 'op_active' | 'queue' | 'op_escalated' | 'snoozed' | 'resolved' | 'resolved_team' | 'abandoned';

/** What the lifecycle leaves: only recent conversations are open without a person (idle closing after 30 min). */
function kindFor(ageMs: number): Kind {
  const r = rnd();
  if (ageMs < 10 * 60_000) return r < 0.55 ? 'ai_active' : r < 0.75 ? 'op_active' : r < 0.9 ? 'queue' : 'resolved';
  return r < 0.6 ? 'resolved' : r < 0.78 ? 'abandoned' : r < 0.86 ? 'resolved_team' : r < 0.9 ? 'queue' : r < 0.93 ? 'op_escalated' : r < 0.96 ? 'snoozed' : 'resolved';
}

interface SeedContext {
  projectId: string;
  channelId: string;
  users: string[];
  members: { id: string; name: string }[];
  labels: string[];
  nowMs: number;
}

function conversation(s: SeedContext, createdMs: number): ConversationRecord {
  const kind = kindFor(s.nowMs - createdMs);
  const id = v7({ msecs: createdMs });
  const widget = rnd() < 0.75;
  const messages: Message[] = [];
  let t = createdMs;
  const add = (role: MessageRole, type: Message['type'], content: string, extra: Partial<Message> = {}) => {
    t += 5_000 + Math.floor(rnd() * 50_000);
    messages.push({
      id: v7({ msecs: t }),
      conversation_id: id,
      seq: messages.length + 1,
      role,
      type,
      content,
      client_id: role === 'user' ? `c-${id.slice(-12)}-${messages.length}` : null,
      sources: [],
      labels: [],
      ...extra,
      created_at: new Date(t).toISOString(),
    });
  };
  const member = pick(s.members);
  const author = { member_id: member.id, name: member.name };
  add('user', 'message', pick(QUESTIONS));
  add('assistant', 'message', pick(ANSWERS), { outcome: 'answer' });
  if (rnd() < 0.5) {
    add('user', 'message', pick(FOLLOW_UPS));
    add('assistant', 'message', pick(ANSWERS), { outcome: rnd() < 0.7 ? 'answer' : 'suggestions' });
  }
  const team = kind === 'op_active' || kind === 'op_escalated' || kind === 'resolved_team' || (kind === 'snoozed' && rnd() < 0.7);
  const asked = kind === 'queue' || kind === 'op_escalated' || kind === 'resolved_team';
  if (asked) {
    add('user', 'message', 'Can I talk to a person, please?');
    add('assistant', 'note', 'Nobody of the team is online right now. Leave your e-mail and we will answer there.', { labels: ['handoff', 'handoff_accepted', 'handoff:button', 'ask_email'] });
  }
  if (team && kind !== 'op_escalated') add('operator', 'message', pick(OPERATOR_REPLIES), { author });
  if (team && rnd() < 0.3) add('operator', 'comment', 'Customer since 2021, handle with care.', { author });
  if (kind === 'op_escalated') {
    add('operator', 'message', pick(OPERATOR_REPLIES), { author });
    add('user', 'message', pick(FOLLOW_UPS));
    add('assistant', 'note', 'Our team will reply here as soon as they can.', { labels: ['wait_notice'] });
  }
  const status = kind === 'ai_active' || kind === 'op_active' || kind === 'snoozed' ? 'active' : kind === 'queue' || kind === 'op_escalated' ? 'escalated' : kind === 'abandoned' ? 'abandoned' : 'resolved';
  const held = kind === 'op_active' || kind === 'op_escalated' || (kind === 'snoozed' && team);
  const assigned = held || kind === 'resolved_team';
  const rating =
    status === 'abandoned' ? 'abandoned' : status !== 'resolved' ? null : widget ? (rnd() < 0.35 ? 1 + Math.floor(rnd() * 5) : null) : ('unoffered' as const);
  const labels = rnd() < 0.35 ? [...new Set([pick(s.labels), ...(rnd() < 0.3 ? [pick(s.labels)] : [])])] : [];
  const last = messages.at(-1)!.created_at;
  return {
    id,
    project_id: s.projectId,
    user_id: pick(s.users),
    channel_id: widget ? s.channelId : null,
    channel_type: widget ? 'website_widget' : 'api',
    status,
    ai_involvement: team || asked ? 'public' : 'autonomous',
    operator_active: held || kind === 'queue',
    holder: held ? 'operator' : kind === 'queue' ? 'queue' : 'ai',
    rating,
    rating_feedback: typeof rating === 'number' && rnd() < 0.3 ? (rating >= 4 ? 'Quick and helpful.' : 'Took too long.') : null,
    topic: rnd() < 0.2 ? pick(['Password reset', 'Invoice correction', 'Delivery delay', 'Plan change', 'Refund']) : null,
    labels,
    tags: [],
    assignee_id: assigned ? member.id : null,
    ...(kind === 'snoozed' ? { snoozed_until: new Date(s.nowMs + (1 + Math.floor(rnd() * 7)) * 86_400_000).toISOString() } : {}),
    external_id: null,
    hidden: false,
    spam: false,
    message_count: messages.length,
    last_seq: messages.length,
    first_message_at: messages[0].created_at,
    last_message_at: last,
    created_at: new Date(createdMs).toISOString(),
    updated_at: last,
    messages,
  };
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

// Built before the server starts: a console build older than dashboard/ is rebuilt (one vite build).
ensureBuilt(join(ROOT, 'dist/dashboard/.vite/manifest.json'), [join(ROOT, 'dashboard'), join(ROOT, 'vite.dashboard.config.ts')], '.console-build.lock', ['-c', 'vite.dashboard.config.ts']);
const h = await startHarness();
const { t, base } = h;
const ctx = t.app.ctx;
const projectId = t.demo.project_id;
// The bench calls the API far more often than a plan's per-minute limit allows (as bench/operator.ts).
await ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e9, per_day: 1e10 } });

// Seed.
const seedStart = performance.now();
const owner = (await ctx.services.org.findMemberByEmail(t.demo.email))!;
const members = [{ id: owner.id, name: owner.name }];
for (const name of ['Sam Taylor', 'Alex Kim', 'Maria Rossi', 'Jonas Weber', 'Priya Shah']) {
  const m = await ctx.services.org.createMember({ organizationId: t.demo.organization_id, email: `${name.split(' ')[0].toLowerCase()}@team.test`, name, password: 'bench-password-1', role: 'operator' });
  members.push({ id: m.id, name: m.name });
}
const stamp = new Date().toISOString();
const labels: Label[] = LABELS.map(([name, color]) => ({ id: v7(), project_id: projectId, name, color, created_at: stamp, updated_at: stamp }));
await Promise.all(labels.map((l) => ctx.store.collection('labels').put(projectId, l)));
const userIds: string[] = [];
await inBatches(Array.from({ length: 3500 }, (_, i) => i), 250, async (i) => {
  const u = await ctx.services.users.create(projectId, i % 3 === 0 ? { email: `visitor${i}@example.com`, first_name: `Visitor${i}` } : {});
  userIds.push(u.id);
});
const existing = (await ctx.services.conversations.list(projectId)).length;
const toSeed = Math.max(0, CONVERSATIONS - existing);
const nowMs = Date.now();
const seedContext: SeedContext = { projectId, channelId: t.demo.channel_id, users: userIds, members, labels: labels.map((l) => l.id), nowMs };
// 28 days of traffic, and a busy last ten minutes (60 conversations) that are still open.
const RECENT = Math.min(60, toSeed);
const times = [
  ...Array.from({ length: toSeed - RECENT }, () => nowMs - 10 * 60_000 - Math.floor(rnd() * 28 * 86_400_000)),
  ...Array.from({ length: RECENT }, () => nowMs - Math.floor(rnd() * 10 * 60_000)),
].sort((a, b) => a - b);
const records = times.map((ms) => conversation(seedContext, ms));
const conversationsCollection = ctx.store.collection('conversations');
await inBatches(records, 250, (r) => conversationsCollection.put(projectId, r));
const total = (await ctx.services.conversations.list(projectId)).length;
const seedMs = performance.now() - seedStart;
// The data is what the lifecycle leaves behind: its sweep finds nothing to change (and costs this).
const sweepStart = performance.now();
const swept = (await lifecycleOf(ctx)?.sweep(Date.now(), projectId)) ?? [];
const sweepMs = performance.now() - sweepStart;
const byStatus = new Map<string, number>();
for (const r of records) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
console.log(
  `seeded ${toSeed} conversations (${[...byStatus].map(([k, v]) => `${k} ${v}`).join(', ')}; ${records.reduce((s, r) => s + r.messages.length, 0)} messages), ` +
    `${userIds.length} users, ${members.length} members, ${labels.length} labels in ${(seedMs / 1000).toFixed(1)} s; project holds ${total}; ` +
    `lifecycle sweep: ${swept.length} changed, ${ms(sweepMs)} ms`,
);

// Sign in as the demo owner (the console's session cookie), once: the API calls and every browser context use it.
const login = await fetch(`${base}/v1/org/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: t.demo.email, password: t.demo.password }) });
if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
const cookie = String(login.headers.get('set-cookie')).split(';')[0];
const [cookieName, cookieValue] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];

// (a) The API, as the console asks for the first screen of the inbox.
const path = `/v1/projects/${projectId}/conversations`;
const listUrl = withQuery(path, { ...listQuery(DEFAULT_FILTERS, 'open', 'all', '', owner.id)!, limit: PAGE });
const countsUrl = withQuery(`${path}/counts`, countsQuery(DEFAULT_FILTERS, 'open', '', owner.id)!);
const waitingUrl = withQuery(path, { waiting: true, limit: 100 });
const searchUrl = withQuery(path, { ...listQuery(DEFAULT_FILTERS, 'open', 'all', 'invoice', owner.id)!, limit: PAGE });
const searchCountsUrl = withQuery(`${path}/counts`, countsQuery(DEFAULT_FILTERS, 'open', 'invoice', owner.id)!);

async function get<T>(url: string): Promise<{ ms: number; body: T }> {
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { cookie, accept: 'application/json' } });
  const body = (await res.json()) as T;
  const elapsed = performance.now() - t0;
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: elapsed, body };
}

// The first search folds every conversation's text (search.ts): timed on its own, before the repeats.
const searchCold = await get<{ data: unknown[] }>(searchUrl);
const firstPage = await get<{ data: ConversationListItem[]; has_more: boolean }>(listUrl);
const counts = (await get<ConversationCounts>(countsUrl)).body;
const queue = (await get<{ data: unknown[] }>(waitingUrl)).body;
const expectedRows = firstPage.body.data.length;
const api: Record<'list' | 'counts' | 'waiting' | 'search' | 'search_counts', number[]> = { list: [], counts: [], waiting: [], search: [], search_counts: [] };
for (let i = 0; i < 10; i++) for (const url of [listUrl, countsUrl, waitingUrl]) await get(url); // warm-up
for (let i = 0; i < API_CALLS; i++) {
  api.list.push((await get(listUrl)).ms);
  api.counts.push((await get(countsUrl)).ms);
  api.waiting.push((await get(waitingUrl)).ms);
  api.search.push((await get(searchUrl)).ms);
  api.search_counts.push((await get(searchCountsUrl)).ms);
}
console.log(`inbox first screen (Open tab, All view, last 30 days): ${expectedRows} rows of ${counts.all} open (mine ${counts.mine}, unassigned ${counts.unassigned}, waiting ${counts.waiting}); queue ${queue.data.length}`);
console.log(`first search ("invoice", cold, folds ${total} conversations): ${ms(searchCold.ms)} ms, ${searchCold.body.data.length} rows`);
console.log(`\nAPI over HTTP on 127.0.0.1, ${API_CALLS} calls each    p50 ms   p99 ms   max ms`);
for (const [name, label] of [
  ['list', `GET …/conversations (first page, limit ${PAGE})`],
  ['counts', 'GET …/conversations/counts'],
  ['waiting', 'GET …/conversations?waiting=true&limit=100'],
  ['search', 'GET …/conversations?q=invoice (limit 50)'],
  ['search_counts', 'GET …/conversations/counts?q=invoice'],
] as const) {
  const xs = api[name];
  console.log(`  ${label.padEnd(46)} ${ms(pct(xs, 50)).padStart(6)} ${ms(pct(xs, 99)).padStart(8)} ${ms(Math.max(...xs)).padStart(8)}`);
}

// (b) The console in Chromium.
const inboxUrl = `${base}/app/p/${projectId}/inbox`;
// A string, not a function: tsx would add its __name helper to a function's source, which the page lacks.
const WATCH = `(() => {
  const expected = ${expectedRows};
  let resolve;
  window.__rowsAt = new Promise((r) => (resolve = r));
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('.conversation-list > li.row').length < expected) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: cookieName, value: cookieValue, url: base }]);
  await context.addInitScript({ content: WATCH });
  return context;
}

interface Load {
  rows: number;
  /** What the page fetched: path, start and response end (ms since navigation start). */
  waterfall: [string, number, number][];
  wall: number;
  list: number;
}

async function load(context: BrowserContext): Promise<Load> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const t0 = performance.now();
  await page.goto(inboxUrl, { waitUntil: 'commit' });
  // A promise the watcher resolves (read over CDP: the console's CSP refuses Playwright's string predicates).
  const rowsAt = (await Promise.race([
    page.evaluate('window.__rowsAt'),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no ${expectedRows} rows within 30 s`)), 30_000).unref()),
  ])) as number;
  const wall = performance.now() - t0;
  const { list, waterfall } = (await page.evaluate(`({
    waterfall: [
      ...performance.getEntriesByType('navigation').map((e) => ['document', 0, e.responseEnd]),
      ...performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname.replace(/[0-9a-f-]{36}/g, '{id}') + (new URL(e.name).search.includes('waiting=true') ? '?waiting' : ''), e.startTime, e.responseEnd]),
    ],
    list: performance.getEntriesByType('resource').filter((e) => /\\/conversations\\?/.test(e.name) && !/waiting=true/.test(e.name)).map((e) => e.responseEnd)[0] ?? 0,
  })`)) as { list: number; waterfall: [string, number, number][] };
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  const shown = await page.locator('.conversation-list > li.row').count();
  if (shown < expectedRows) throw new Error(`only ${shown} of ${expectedRows} rows`);
  await page.close();
  return { rows: rowsAt, wall, list, waterfall };
}

// One load first, not counted: the server's first console requests (static files, sessions) warm up.
const first = await newContext(h.browser);
await load(first);
await first.close();
const cold: Load[] = [];
for (let i = 0; i < RUNS; i++) {
  const context = await newContext(h.browser);
  cold.push(await load(context));
  await context.close();
}
const warmContext = await newContext(h.browser);
await load(warmContext);
const warm: Load[] = [];
for (let i = 0; i < RUNS; i++) warm.push(await load(warmContext));
await warmContext.close();

console.log(`\nconsole in Chromium (1280×800), ${RUNS} loads each: navigation start → first ${expectedRows} rows in the DOM, next frame`);
console.log('                                        median ms   p90 ms   max ms   all runs (ms)                 list response end (median ms)');
for (const [name, runs] of [
  ['fresh context (nothing cached)', cold],
  ['same context (HTTP cache warm)', warm],
] as const) {
  const rows = runs.map((r) => r.rows);
  console.log(
    `  ${name.padEnd(38)} ${ms(median(rows)).padStart(9)} ${ms(pct(rows, 90)).padStart(8)} ${ms(Math.max(...rows)).padStart(8)}   ${rows.map((x) => x.toFixed(0)).join(' ').padEnd(30)} ${ms(median(runs.map((r) => r.list))).padStart(6)}`,
  );
}
const typical = [...cold].sort((a, b) => a.rows - b.rows)[Math.floor(cold.length / 2)];
console.log(`  requests of the median fresh load (ms since navigation start; rows at ${ms(typical.rows)}):`);
for (const [name, start, end] of typical.waterfall.filter(([, start]) => start < typical.rows)) console.log(`    ${ms(start).padStart(6)} → ${ms(end).padStart(6)}  ${name}`);
console.log(`  (wall clock from page.goto to the rows seen by Playwright, fresh context: median ${ms(median(cold.map((r) => r.wall)))} ms)`);

await h.close();
const coldRows = cold.map((r) => r.rows);
console.log(
  `api_first_page_p50_ms=${ms(pct(api.list, 50))} api_first_page_p99_ms=${ms(pct(api.list, 99))} counts_p50_ms=${ms(pct(api.counts, 50))} counts_p99_ms=${ms(pct(api.counts, 99))} ` +
    `waiting_p50_ms=${ms(pct(api.waiting, 50))} search_cold_ms=${ms(searchCold.ms)} console_first_page_ms=${ms(median(coldRows))} console_first_page_p90_ms=${ms(pct(coldRows, 90))} console_first_page_max_ms=${ms(Math.max(...coldRows))} ` +
    `console_warm_first_page_ms=${ms(median(warm.map((r) => r.rows)))} conversations=${total}`,
);
