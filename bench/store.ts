// bench:store — both stores in one run: the embedded store in a temp dir and PostgreSQL (a throwaway
// server, testing/pg-server.ts, fsync on). Each is loaded with a project's conversations (10
// messages each) and measured twice: at 1k conversations / 10k messages and at 100k / 1M
// (BENCH_SCALE=0.1 shrinks both for a quick run). Figures:
// - append: one message appended to a random conversation through Collection.update, one at a time;
// - list: a page of 20 of the project's active conversations (without their messages) by last
//   activity, newest first, as a Collection.query, alternating the first page and a deep one (a
//   cursor 90% down the list). EXPLAIN=1 prints PostgreSQL's plans of both pages.
// The embedded store is loaded with concurrent puts; PostgreSQL with multi-row INSERTs of the rows
// its collection's codec encodes (what put writes, a few hundred documents per statement).
// Prints figures only. Last line: lowdb_append_p99_ms=… lowdb_list_p99_ms=… pg_append_p99_ms=…
// pg_list_p99_ms=… pg_list_ratio_1m_10k=… (the p99 figures are at the larger size).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { COLLECTION_OPTIONS, type Collections } from '../server/store/collections.js';
import { openLowdbStore } from '../server/store/lowdb/lowdb-store.js';
import { openPostgresStore } from '../server/store/postgres/pg-store.js';
import { startPostgres } from '../server/store/postgres/testing/pg-server.js';
import type { Collection, Cursor, Store } from '../server/store/types.js';
import type { PgCollection } from '../server/store/postgres/pg-collection.js';
import { QueryPlan } from '../server/store/query.js';
import { querySql } from '../server/store/postgres/query-sql.js';
import { newId } from '../server/lib/ids.js';
import type { ConversationRecord, Message } from '../shared/schemas/entities.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PER_CONVERSATION = 10;
const SIZES = [Math.max(200, Math.round(1_000 * SCALE)), Math.max(400, Math.round(100_000 * SCALE))] as const;
const SAMPLES = Number(process.env.SAMPLES ?? 300);
const CONCURRENT = 64;
const PAGE = 20;
const PROJECT = newId();
const BASE = Date.parse('2026-01-01T00:00:00Z');
const STATUSES = ['active', 'resolved', 'active', 'escalated'] as const;

type Conversations = Collection<ConversationRecord>;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function message(conversationId: string, seq: number, t: string): Message {
  return {
    id: newId(), conversation_id: conversationId, seq, role: seq % 2 ? 'user' : 'assistant', type: 'message',
    content: `Message ${seq}: how do I reset my password and update the billing details of my account?`,
    client_id: null, sources: [], labels: [], created_at: t,
  };
}

/** Conversation i: every third shares its last activity with the next (ties broken by id). */
function conversation(i: number): ConversationRecord {
  const id = newId();
  const t = new Date(BASE + Math.floor(i / 3) * 1000).toISOString();
  const messages = Array.from({ length: PER_CONVERSATION }, (_, k) => message(id, k + 1, t));
  return {
    id, project_id: PROJECT, user_id: newId(), channel_id: null, channel_type: 'api', status: STATUSES[i % 4]!,
    ai_involvement: 'autonomous', operator_active: false, rating: null, rating_feedback: null, topic: null,
    labels: [], tags: [], external_id: null, hidden: false, spam: false, message_count: PER_CONVERSATION,
    last_seq: PER_CONVERSATION, first_message_at: t, last_message_at: t, created_at: t, updated_at: t, messages,
  };
}

/** What the measurements need to know of the loaded conversations. */
interface Loaded {
  ids: string[];
  /** Active conversations, oldest activity first: [id, last activity]. */
  active: [string, string][];
}

async function load(c: Conversations, loaded: Loaded, upTo: number): Promise<number> {
  const t0 = performance.now();
  let next = loaded.ids.length;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (next < upTo) {
        const record = conversation(next++);
        await c.put(PROJECT, record);
        loaded.ids.push(record.id);
        if (record.status === 'active') loaded.active.push([record.id, record.last_message_at!]);
      }
    }),
  );
  loaded.active.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] < b[0] ? -1 : 1));
  return performance.now() - t0;
}

/** PostgreSQL: the rows put() would write, a batch of documents per statement. */
async function bulkLoad(c: PgCollection<ConversationRecord>, loaded: Loaded, upTo: number): Promise<number> {
  const t0 = performance.now();
  const BATCH = 400;
  while (loaded.ids.length < upTo) {
    const records = Array.from({ length: Math.min(BATCH, upTo - loaded.ids.length) }, (_, k) => conversation(loaded.ids.length + k));
    const rows: unknown[] = [];
    const values: string[] = [];
    const elements = { ids: [] as string[], seqs: [] as number[], texts: [] as string[] };
    for (const r of records) {
      const e = c.codec.encode(r as unknown as Record<string, unknown>);
      const n = rows.length;
      values.push(`('conversations', $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, 'bench', $${n + 7}, $${n + 8})`);
      rows.push(PROJECT, r.id, c.codec.version, e.doc, e.arrays, e.keys, e.qv, e.search);
      for (const el of e.elements) el.texts.forEach((t, k) => (elements.ids.push(r.id), elements.seqs.push(el.from + k), elements.texts.push(t)));
      loaded.ids.push(r.id);
      if (r.status === 'active') loaded.active.push([r.id, r.last_message_at!]);
    }
    await c.transaction(async (client) => {
      await client.query(`INSERT INTO parley_documents (collection, scope, id, v, doc, arrays, keys, w, qv, search) VALUES ${values.join(', ')}`, rows);
      await client.query(
        `INSERT INTO parley_elements (collection, scope, id, field, seq, element)
         SELECT 'conversations', $1, u.id, 'messages', u.seq, u.element FROM unnest($2::text[], $3::integer[], $4::text[]) AS u(id, seq, element)`,
        [PROJECT, elements.ids, elements.seqs, elements.texts],
      );
    });
  }
  loaded.active.sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] < b[0] ? -1 : 1));
  return performance.now() - t0;
}

/** A list page shows conversations, not their messages: the arrays are left out. */
const LIST = { where: { hidden: false, status: 'active' }, order: { by: 'last_activity', desc: true }, limit: PAGE, arrays: false } as const;

/** 90% down the list newest first: 10% up from the oldest (a full page left after it). */
function deepCursor(loaded: Loaded): Cursor {
  const [id, value] = loaded.active[Math.max(PAGE, Math.floor(loaded.active.length * 0.1))]!;
  return { id, value };
}

/** PostgreSQL's plan for the deep page, as the store sends it: the index it walks and what it costs. */
async function explain(c: PgCollection<ConversationRecord>, loaded: Loaded): Promise<string> {
  const plan = new QueryPlan('conversations', COLLECTION_OPTIONS.conversations!, LIST);
  const out: string[] = [];
  for (const after of [undefined, deepCursor(loaded)]) {
    const { text, values } = querySql('conversations', c.codec.queryFields, plan, PROJECT, { rows: { arrays: false, limit: PAGE + 1, after } });
    const { rows } = await c.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    out.push(...rows.map((r: Record<string, string>) => r['QUERY PLAN']));
  }
  return out.join('\n');
}

async function measure(c: Conversations, loaded: Loaded) {
  const query = async (after?: Cursor) => {
    const page = await c.query(PROJECT, { ...LIST, after });
    if (page.items.length !== PAGE) throw new Error(`a page held ${page.items.length} conversations`);
  };
  const deep = deepCursor(loaded);
  const list: number[] = [];
  for (let i = 0; i < 20; i++) await query(i % 2 ? deep : undefined); // warm-up
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await query(i % 2 ? deep : undefined);
    list.push(performance.now() - t0);
  }
  const append: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const id = loaded.ids[Math.floor(Math.random() * loaded.ids.length)]!;
    const t0 = performance.now();
    await c.update(PROJECT, id, (doc) => {
      const t = new Date().toISOString();
      const seq = doc.last_seq + 1;
      return { ...doc, messages: [...doc.messages, message(id, seq, t)], message_count: doc.message_count + 1, last_seq: seq, last_message_at: t, updated_at: t };
    });
    if (i >= 20) append.push(performance.now() - t0);
  }
  list.sort((a, b) => a - b);
  append.sort((a, b) => a - b);
  return { list_p50: percentile(list, 50), list_p99: percentile(list, 99), append_p50: percentile(append, 50), append_p99: percentile(append, 99) };
}

type Figures = Awaited<ReturnType<typeof measure>>;

/** Loads and measures at each size; `loading` wraps each load (PostgreSQL loads on a store of its own). */
async function run(label: string, c: Conversations, loading: (upTo: number, loaded: Loaded) => Promise<number>): Promise<Figures[]> {
  const loaded: Loaded = { ids: [], active: [] };
  const out: Figures[] = [];
  for (const size of SIZES) {
    const ms = await loading(size, loaded);
    const f = await measure(c, loaded);
    out.push(f);
    console.log(
      `${label} conversations=${size} messages=${size * PER_CONVERSATION} load_s=${(ms / 1000).toFixed(1)} ` +
        `append_p50_ms=${f.append_p50.toFixed(2)} append_p99_ms=${f.append_p99.toFixed(2)} list_p50_ms=${f.list_p50.toFixed(2)} list_p99_ms=${f.list_p99.toFixed(2)}`,
    );
  }
  return out;
}

const names: (keyof Collections)[] = ['conversations'];

async function embedded(): Promise<Figures[]> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-bench-store-'));
  const store: Store<Collections> = await openLowdbStore<Collections>({ dir, options: COLLECTION_OPTIONS }, names);
  try {
    const c = store.collection('conversations');
    return await run('lowdb', c, (upTo, loaded) => load(c, loaded, upTo));
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<Figures[]> {
  const server = await startPostgres();
  try {
    const url = await server.createDatabase();
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    const store = await openPostgresStore<Collections>({ url, options: COLLECTION_OPTIONS }, names);
    try {
      const c = store.collection('conversations');
      return await run('pg', c, async (upTo, loaded) => {
        const ms = await bulkLoad(c as unknown as PgCollection<ConversationRecord>, loaded, upTo);
        // What autovacuum would have done by the time a database this size serves.
        await admin('VACUUM ANALYZE parley_documents');
        await admin('VACUUM ANALYZE parley_elements');
        // The load's dirty pages written out now rather than by a checkpoint in the middle of the measurements.
        await admin('CHECKPOINT');
        if (process.env.EXPLAIN) console.log(await explain(c as unknown as PgCollection<ConversationRecord>, loaded));
        return ms;
      });
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
}

const low = await embedded();
const pgFigures = await postgres();
const f = (n: number) => n.toFixed(2);
console.log(
  `lowdb_append_p99_ms=${f(low[1]!.append_p99)} lowdb_list_p99_ms=${f(low[1]!.list_p99)} ` +
    `pg_append_p99_ms=${f(pgFigures[1]!.append_p99)} pg_list_p99_ms=${f(pgFigures[1]!.list_p99)} ` +
    `pg_list_ratio_1m_10k=${f(pgFigures[1]!.list_p99 / pgFigures[0]!.list_p99)} lowdb_list_ratio_1m_10k=${f(low[1]!.list_p99 / low[0]!.list_p99)}`,
);
