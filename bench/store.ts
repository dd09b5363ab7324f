// bench:store — message-append latency (p50, p99) and throughput with 1k, 10k and 100k messages already
// stored, through the real conversation service on the real lowdb store (fsync included).
// Prints figures only; it does not pass or fail. Last line: p99_1k_ms=… p99_100k_ms=… p99_ratio=…
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openStore } from '../server/store/index.js';
import { createConversationService } from '../server/domains/conversations/service.js';
import { createConversationBus } from '../server/domains/conversations/events.js';
import { newId, now } from '../server/lib/ids.js';
import type { ConversationRecord, Message } from '../shared/schemas/entities.js';

const PER_CONVERSATION = 50;
const SAMPLES = Number(process.env.SAMPLES ?? 400);
const CONCURRENT = 32;
const PROJECT = newId();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function seededConversation(i: number): ConversationRecord {
  const id = newId();
  const t = now();
  const messages: Message[] = Array.from({ length: PER_CONVERSATION }, (_, k) => ({
    id: newId(),
    conversation_id: id,
    seq: k + 1,
    role: k % 2 ? 'assistant' : 'user',
    type: 'message',
    content: `Seed message ${k} of conversation ${i}: how do I reset my password and update billing details?`,
    client_id: null,
    sources: [],
    labels: [],
    created_at: t,
  }));
  return {
    id, project_id: PROJECT, user_id: newId(), channel_id: null, channel_type: 'api', status: 'active',
    ai_involvement: 'autonomous', operator_active: false, rating: null, rating_feedback: null, topic: null,
    labels: [], tags: [], external_id: null, hidden: false, spam: false, message_count: PER_CONVERSATION,
    last_seq: PER_CONVERSATION, first_message_at: t, last_message_at: t, created_at: t, updated_at: t, messages,
  };
}

async function measure(stored: number) {
  const dir = await mkdtemp(join(tmpdir(), 'parley-bench-store-'));
  let store = await openStore(dir);
  const conversations = store.collection('conversations');
  const ids: string[] = [];
  for (let i = 0; i < stored / PER_CONVERSATION; i += 64) {
    const batch = Array.from({ length: Math.min(64, stored / PER_CONVERSATION - i) }, (_, k) => seededConversation(i + k));
    await Promise.all(batch.map((c) => conversations.put(PROJECT, c)));
    ids.push(...batch.map((c) => c.id));
  }
  // Reopen so the run also reflects loading everything from disk.
  await store.close();
  const openStart = performance.now();
  store = await openStore(dir);
  const openMs = performance.now() - openStart;
  const service = createConversationService(store, createConversationBus());
  const pick = () => ids[Math.floor(Math.random() * ids.length)];
  const append = () => service.append(PROJECT, pick(), { role: 'user', content: 'Another question about invoices', client_id: newId() });

  for (let i = 0; i < 20; i++) await append(); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await append();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);

  const total = SAMPLES;
  const t0 = performance.now();
  let issued = 0;
  await Promise.all(Array.from({ length: CONCURRENT }, async () => {
    while (issued++ < total) await append();
  }));
  const throughput = total / ((performance.now() - t0) / 1000);
  await store.close();
  await rm(dir, { recursive: true, force: true });
  return { stored, p50: percentile(latencies, 50), p99: percentile(latencies, 99), throughput, openMs };
}

const results = [];
for (const stored of [1_000, 10_000, 100_000]) {
  const r = await measure(stored);
  results.push(r);
  console.log(
    `stored=${r.stored} append_p50_ms=${r.p50.toFixed(2)} append_p99_ms=${r.p99.toFixed(2)} ` +
      `throughput_msgs_per_s=${r.throughput.toFixed(0)} (${CONCURRENT} concurrent) open_ms=${r.openMs.toFixed(0)}`,
  );
}
const [small, , large] = results;
console.log(`p99_1k_ms=${small.p99.toFixed(2)} p99_100k_ms=${large.p99.toFixed(2)} p99_ratio=${(large.p99 / small.p99).toFixed(2)}`);
