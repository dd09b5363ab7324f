// Webhook fan-out: 1,000 events to 10 endpoints (receivers on 127.0.0.1), each event stored in the
// durable outbox (one delivery per endpoint) and sent by the background deliverer, as in production.
// Delivery latency is from the emit call to the receiver's arrival. The last line is name=value
// pairs. Bench figures are printed, not asserted.
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { seedDemo } from '../server/demo/seed.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 10);
const total = EVENTS * ENDPOINTS;

const latencies: number[] = [];
let done!: () => void;
const allArrived = new Promise<void>((resolve) => (done = resolve));

async function receiver(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(204).end();
      latencies.push(Date.now() - (JSON.parse(body) as { data: { emitted_at: number } }).data.emitted_at);
      if (latencies.length === total) done();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

const dir = await mkdtemp(join(tmpdir(), 'parley-bench-webhooks-'));
const app = await buildApp(testConfig(dir, { allowPrivateFetch: true }));
const { credentials } = await seedDemo(app.ctx);
const projectId = credentials!.project_id;
const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, receiver));
const { webhooks } = app.ctx.services;
for (const r of receivers) await webhooks.endpoints.create(projectId, { url: r.url, event_types: ['message.created'] });

const started = Date.now();
// Events arrive as a busy project produces them: many at once, each stored before it counts.
const BATCH = 50;
for (let i = 0; i < EVENTS; i += BATCH) {
  await Promise.all(
    Array.from({ length: Math.min(BATCH, EVENTS - i) }, (_, k) =>
      webhooks.emit(projectId, 'message.created', { conversation_id: 'bench', message: { seq: i + k }, emitted_at: Date.now() }),
    ),
  );
}
const emitted = Date.now() - started;
await allArrived;
const elapsed = (Date.now() - started) / 1000;

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
console.log(`${EVENTS} events x ${ENDPOINTS} endpoints: emitted (stored) in ${emitted} ms, all ${total} delivered in ${elapsed.toFixed(2)} s (load average ${loadavg()[0].toFixed(1)})`);
await app.close();
await Promise.all(receivers.map((r) => new Promise((resolve) => r.server.close(resolve))));
await rm(dir, { recursive: true, force: true });
console.log(`events=${EVENTS} endpoints=${ENDPOINTS} deliveries=${total} delivery_p50_ms=${pct(50)} delivery_p99_ms=${pct(99)} deliveries_per_s=${Math.round(total / elapsed)}`);
