// bench:export — the full dataset export (spec 4.1) of a large project: CONVERSATIONS (default
// 100,000) conversations with MESSAGES (default 10) messages each, from USERS (default half as many)
// users, seeded straight into the real lowdb store of a real app (no events, no AI), then one full
// export through the exports service as the console asks for it: the background job writes the
// JSONL file while this process samples its resident memory every 20 ms.
// Figures: how long the export took, lines (users) and messages per second, the file's size, and
// the peak growth of RSS over what the seeded store already holds (target: ≤ 100 MB, whatever the
// size: the export streams one line at a time). Then the entity exports of the newest 10,000
// messages (the cap) in each format over HTTP (FORMATS=csv,xlsx,… picks them).
// Prints figures only. Last line: users=… conversations=… messages=… seconds=… rows_per_s=… messages_per_s=… peak_rss_growth_mb=… file_mb=…
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { v7 } from 'uuid';
import { createTestApp } from '../server/testing/test-app.js';
import type { ConversationRecord, Message, User } from '../shared/schemas/entities.js';

const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 100_000);
const MESSAGES = Number(process.env.MESSAGES ?? 10);
const USERS = Number(process.env.USERS ?? Math.ceil(CONVERSATIONS / 2));
const BATCH = 500;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const t = await createTestApp();
const { store, services } = t.app.ctx;
const projectId = t.demo.project_id;
const project = (await services.projects.getProject(projectId))!;
const startMs = Date.UTC(2026, 0, 1);

function user(i: number): User {
  return {
    id: v7({ msecs: startMs + i }),
    user_pool_id: project.user_pool_id,
    first_name: `Zoë ${i}`,
    last_name: 'Müller',
    email: `user${i}@example.test`,
    phone: null,
    external_id: `crm-${i}`,
    external_attributes: { plan: i % 3 ? 'pro' : 'free' },
    timezone: 'Europe/Berlin',
    locales: ['de'],
    labels: [],
    email_signed: false,
    phone_signed: false,
    external_id_signed: false,
    last_seen_at: null,
    created_at: new Date(startMs + i).toISOString(),
  };
}

function conversation(i: number, userId: string): ConversationRecord {
  const created = startMs + i * 1000;
  const id = v7({ msecs: created });
  const messages: Message[] = Array.from({ length: MESSAGES }, (_, k) => ({
    id: v7({ msecs: created + k }),
    conversation_id: id,
    seq: k + 1,
    role: k % 2 ? 'assistant' : 'user',
    type: 'message',
    content: k % 2 ? `Sie können das Passwort unter Konto › Sicherheit zurücksetzen (${i}/${k}).` : `Wie setze ich mein Passwort zurück? Bestellung ${i} 🙏`,
    client_id: null,
    sources: [],
    labels: [],
    created_at: new Date(created + k * 1000).toISOString(),
  }));
  const at = messages.at(-1)?.created_at ?? null;
  return {
    id, project_id: projectId, user_id: userId, channel_id: null, channel_type: 'api', status: 'resolved', ai_involvement: 'autonomous',
    operator_active: false, holder: 'ai', rating: null, rating_feedback: null, topic: null, labels: [], tags: [], external_id: null,
    hidden: false, spam: false, message_count: messages.length, last_seq: messages.length, first_message_at: messages[0]?.created_at ?? null,
    last_message_at: at, created_at: new Date(created).toISOString(), updated_at: at ?? new Date(created).toISOString(), messages,
  };
}

async function inBatches(n: number, put: (i: number) => Promise<unknown>) {
  for (let i = 0; i < n; i += BATCH) await Promise.all(Array.from({ length: Math.min(BATCH, n - i) }, (_, k) => put(i + k)));
}

const seedStart = performance.now();
const userIds: string[] = [];
await inBatches(USERS, (i) => {
  const u = user(i);
  userIds.push(u.id);
  return store.collection('users').put(project.user_pool_id, u);
});
await inBatches(CONVERSATIONS, (i) => store.collection('conversations').put(projectId, conversation(i, userIds[i % USERS])));
console.log(`seeded ${USERS} users, ${CONVERSATIONS} conversations, ${CONVERSATIONS * MESSAGES} messages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

gc();
await new Promise((r) => setTimeout(r, 200));
gc();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

const started = performance.now();
const job = await services.exports.full.request(projectId, { label: 'bench', email: null });
let current = job;
while (current.status === 'queued' || current.status === 'running') {
  await new Promise((r) => setTimeout(r, 100));
  current = await services.exports.full.get(projectId, job.id);
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
if (current.status !== 'ready') throw new Error(`export ${current.status}: ${current.error}`);
const file = await stat(join(t.dataDir, 'exports', `${job.id}.jsonl`));
const lines = current.progress.done;
const messages = CONVERSATIONS * MESSAGES;

console.log(`baseline RSS after seeding ${mb(baseline)} MB; peak during the export ${mb(peak)} MB`);
console.log(`exported ${lines} lines (${mb(file.size)} MB) in ${seconds.toFixed(1)} s`);

// Entity exports of the same project: the newest 10,000 messages (the cap) in each format, over HTTP.
const key = { authorization: `Bearer ${t.demo.api_key}` };
// The app's first request pays for its start (hooks, schema compilation): not the export's cost.
await t.app.inject({ method: 'GET', url: `/v1/projects/${projectId}/exports/users?format=jsonl&email=nobody@example.test`, headers: key });
for (const format of (process.env.FORMATS ?? 'csv,xlsx,jsonl,md').split(',')) {
  const before = performance.now();
  const res = await t.app.inject({ method: 'GET', url: `/v1/projects/${projectId}/exports/messages?format=${format}`, headers: key });
  console.log(`entity export messages.${format}: ${res.headers['x-export-rows']} of ${res.headers['x-export-total']} rows, ${mb(res.rawPayload.length)} MB in ${Math.round(performance.now() - before)} ms`);
}
await t.close();
console.log(
  `users=${USERS} conversations=${CONVERSATIONS} messages=${messages} seconds=${seconds.toFixed(1)} rows_per_s=${Math.round(lines / seconds)} messages_per_s=${Math.round(messages / seconds)} peak_rss_growth_mb=${mb(peak - baseline)} file_mb=${mb(file.size)}`,
);
