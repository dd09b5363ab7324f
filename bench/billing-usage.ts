// bench:billing-usage — what a team's Billing page costs the server (docs/billing.md "What is
// billed"): CONVERSATIONS (default 20,000) conversations of the last 10 days, MESSAGES (default 6)
// messages each, half of them AI replies, with a spam and a ticketing share, seeded straight into the
// real lowdb store of a real app (no events, no AI); a contract started 10 days ago; then
// GET /v1/org/subscription over inject with an owner's session:
//   cold:    the first call after start (every conversation read once);
//   warm:    RUNS (default 20) calls in a row, nothing changed in between (p50, p90);
//   changed: RUNS calls, each after one more AI reply in another conversation (p50, p90): what a
//            busy organization's page costs while its conversations go on.
// The answer is checked against a count worked out from the seed, so a fast wrong count fails.
// Prints figures only. Last line: conversations=… cold_ms=… warm_p50_ms=… warm_p90_ms=… changed_p50_ms=… changed_p90_ms=…
import { performance } from 'node:perf_hooks';
import { v7 } from 'uuid';
import { createTestApp } from '../server/testing/test-app.js';
import { loginAs } from '../server/http/auth/team-session.fixture.js';
import type { ConversationRecord, Message } from '../shared/schemas/entities.js';

const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 20_000);
const MESSAGES = Number(process.env.MESSAGES ?? 6);
const RUNS = Number(process.env.RUNS ?? 20);
const BATCH = 500;
const DAY = 86_400_000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (x: number) => x.toFixed(1);

const t = await createTestApp();
const { store, services } = t.app.ctx;
const projectId = t.demo.project_id;
const now = Date.now();
const start = now - 10 * DAY;
let expectedChat = 0;
let expectedTicketing = 0;

function conversation(i: number): ConversationRecord {
  const created = start + Math.floor((i / CONVERSATIONS) * 9.5 * DAY);
  const id = v7({ msecs: created });
  const spam = i % 20 === 0;
  const ticketing = i % 5 === 1;
  const messages: Message[] = Array.from({ length: MESSAGES }, (_, k) => ({
    id: v7({ msecs: created + k }),
    conversation_id: id,
    seq: k + 1,
    role: k % 2 ? 'assistant' : 'user',
    type: 'message',
    content: k % 2 ? `Reply ${i}/${k}` : `Question ${i}/${k}`,
    client_id: null,
    sources: [],
    labels: [],
    created_at: new Date(created + k * 1000).toISOString(),
  }));
  const replies = Math.floor(MESSAGES / 2);
  if (!spam) {
    if (ticketing) expectedTicketing += replies;
    else expectedChat += replies;
  }
  const at = messages.at(-1)!.created_at;
  return {
    id, project_id: projectId, user_id: v7(), channel_id: null, channel_type: ticketing ? 'ticketing_zendesk' : 'website', status: 'resolved',
    ai_involvement: 'autonomous', operator_active: false, holder: 'ai', rating: null, rating_feedback: null, topic: null, labels: [], tags: [],
    external_id: null, hidden: false, spam, message_count: messages.length, last_seq: messages.length, first_message_at: messages[0]!.created_at,
    last_message_at: at, created_at: new Date(created).toISOString(), updated_at: at, messages,
  } as ConversationRecord;
}

const seedStart = performance.now();
const records = Array.from({ length: CONVERSATIONS }, (_, i) => conversation(i));
const conversations = store.collection('conversations');
for (let i = 0; i < records.length; i += BATCH) await Promise.all(records.slice(i, i + BATCH).map((r) => conversations.put(projectId, r)));
console.log(`seeded ${CONVERSATIONS} conversations, ${CONVERSATIONS * MESSAGES} messages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

await services.billing.setContract(t.demo.organization_id, {
  start_date: new Date(start).toISOString(),
  line_items: [
    { category: 'chat_messages', volume: 10_000, rate: 4, overage_rate: 6 },
    { category: 'ticketing_messages', volume: 5_000, rate: 12, overage_rate: 15 },
  ],
});
const owner = await loginAs(t, 'owner');

async function page(): Promise<{ took: number; chat: number; ticketing: number }> {
  const before = performance.now();
  const res = await t.app.inject({ method: 'GET', url: '/v1/org/subscription', headers: { cookie: owner.cookie } });
  const took = performance.now() - before;
  if (res.statusCode !== 200) throw new Error(`GET /v1/org/subscription: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const lines = res.json().current.lines as { category: string; used: number }[];
  const used = (c: string) => lines.find((l) => l.category === c)?.used ?? -1;
  return { took, chat: used('chat_messages'), ticketing: used('ticketing_messages') };
}

function check(got: { chat: number; ticketing: number }, what: string) {
  if (got.chat !== expectedChat || got.ticketing !== expectedTicketing) {
    throw new Error(`${what}: counted chat ${got.chat}, ticketing ${got.ticketing}; expected ${expectedChat}, ${expectedTicketing}`);
  }
}

const cold = await page();
check(cold, 'cold');
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await page();
  check(r, 'warm');
  warm.push(r.took);
}
const changed: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const target = records[(i * 7919) % records.length]!;
  await services.conversations.append(projectId, target.id, { role: 'assistant', content: `One more ${i}` });
  if (!target.spam) {
    if (target.channel_type.startsWith('ticketing')) expectedTicketing += 1;
    else expectedChat += 1;
  }
  const r = await page();
  check(r, 'after a reply');
  changed.push(r.took);
}
console.log(`cold ${ms(cold.took)} ms; warm p50 ${ms(pct(warm, 50))} ms, p90 ${ms(pct(warm, 90))} ms; after one more reply p50 ${ms(pct(changed, 50))} ms, p90 ${ms(pct(changed, 90))} ms`);
await t.close();
console.log(
  `conversations=${CONVERSATIONS} cold_ms=${ms(cold.took)} warm_p50_ms=${ms(pct(warm, 50))} warm_p90_ms=${ms(pct(warm, 90))} changed_p50_ms=${ms(pct(changed, 50))} changed_p90_ms=${ms(pct(changed, 90))}`,
);
