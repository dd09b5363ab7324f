// bench:api — authenticated `GET /v1/projects/{id}/conversations` requests per second through the
// whole real stack (API-key auth, rate limiter, permissions, validation, lowdb store, serialisation)
// next to a bare Fastify hello route, same run, same machine, real HTTP on 127.0.0.1.
// The load generator runs in a worker thread with keep-alive connections; short rounds alternate
// between the two targets and medians count. The machine is shared, so besides requests per second
// the bench reports the server thread's busy time per request (event-loop utilisation × wall time
// ÷ requests), which other processes disturb far less; cpu_ratio compares those. The demo organization gets an enterprise agreement
// with very large limits for the run, so the rate limiter is exercised but never refuses.
// A third target is the floor: a bare route that sends the API's very response bytes, so
// same_bytes_ratio is the most any server could reach for this response, and what lies between it
// and `ratio` is Parley's own work per request.
// Prints figures only. Last line: api_rps=… hello_rps=… ratio=… cpu_ratio=… same_bytes_ratio=…
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { createTestApp } from '../server/testing/test-app.js';

const SECONDS = Number(process.env.SECONDS ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 200);

const LOAD = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { port, path, headers, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const end = Date.now() + seconds * 1000;
let ok = 0, failed = 0, running = connections;
function one() {
  if (Date.now() >= end) { if (--running === 0) { agent.destroy(); parentPort.postMessage({ ok, failed }); } return; }
  const req = http.request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode === 200) ok++; else failed++; one(); });
  });
  req.on('error', () => { failed++; one(); });
  req.end();
}
for (let i = 0; i < connections; i++) one();
`;

function load(port: number, path: string, headers: Record<string, string>, seconds: number) {
  return new Promise<{ ok: number; failed: number; rps: number; busyUs: number }>((resolve, reject) => {
    const w = new Worker(LOAD, { eval: true, workerData: { port, path, headers, seconds, connections: CONNECTIONS } });
    const elu = performance.eventLoopUtilization();
    w.once('message', (m: { ok: number; failed: number }) => {
      const used = performance.eventLoopUtilization(elu);
      resolve({ ...m, rps: m.ok / seconds, busyUs: (used.active * 1000) / Math.max(1, m.ok + m.failed) });
    });
    w.once('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const t = await createTestApp({ logLevel: 'silent' });
  const { services } = t.app.ctx;
  await services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e9, per_day: 1e12 } });
  for (let i = 0; i < CONVERSATIONS; i++) {
    await services.conversations.create({
      projectId: t.demo.project_id,
      userId: t.demo.project_id,
      channelType: 'api',
      firstMessage: { role: 'user', content: `Benchmark question ${i}: how do I reset my password?` },
    });
  }
  const apiPort = Number(new URL(await t.listen()).port);

  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  // The floor for the API's figure: a bare route that sends the very bytes the API answers with
  // (serialised once, up front), so what is left between it and the API is Parley's own work.
  const apiBody = await (await fetch(`http://127.0.0.1:${apiPort}/v1/projects/${t.demo.project_id}/conversations`, { headers: { authorization: `Bearer ${t.demo.api_key}` } })).text();
  hello.get('/same-bytes', (_req, reply) => reply.type('application/json; charset=utf-8').send(apiBody));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloPort = (hello.server.address() as { port: number }).port;

  const api = { port: apiPort, path: `/v1/projects/${t.demo.project_id}/conversations`, headers: { authorization: `Bearer ${t.demo.api_key}` } };
  const bare = { port: helloPort, path: '/hello', headers: {} };
  const sameBytes = { port: helloPort, path: '/same-bytes', headers: {} };

  // Warm-up (JIT, connection setup), not counted.
  await load(api.port, api.path, api.headers, 1);
  await load(bare.port, bare.path, bare.headers, 1);
  await load(sameBytes.port, sameBytes.path, sameBytes.headers, 1);

  const apiRps: number[] = [];
  const helloRps: number[] = [];
  const apiBusy: number[] = [];
  const helloBusy: number[] = [];
  const sameRps: number[] = [];
  let failures = 0;
  for (let r = 1; r <= ROUNDS; r++) {
    const h = await load(bare.port, bare.path, bare.headers, SECONDS);
    const a = await load(api.port, api.path, api.headers, SECONDS);
    const b = await load(sameBytes.port, sameBytes.path, sameBytes.headers, SECONDS);
    sameRps.push(b.rps);
    helloRps.push(h.rps);
    apiRps.push(a.rps);
    helloBusy.push(h.busyUs);
    apiBusy.push(a.busyUs);
    failures += h.failed + a.failed;
    console.log(
      `round ${r}: hello ${h.rps.toFixed(0)} req/s (${h.busyUs.toFixed(0)} µs busy/req), api ${a.rps.toFixed(0)} req/s (${a.busyUs.toFixed(0)} µs busy/req), bare with the API's bytes ${b.rps.toFixed(0)} req/s (${b.busyUs.toFixed(0)} µs busy/req), ${a.failed + h.failed} non-200`,
    );
  }
  await hello.close();
  await t.close();

  const apiMedian = median(apiRps);
  const helloMedian = median(helloRps);
  console.log(`\n${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds of ${SECONDS} s each, ${CONVERSATIONS} stored conversations, page of 20`);
  console.log(`non-200 responses: ${failures}`);
  console.log(`response size: api ${Buffer.byteLength(apiBody)} B; a bare route sending those bytes: ${median(sameRps).toFixed(0)} req/s, ${(median(sameRps) / helloMedian).toFixed(2)} of hello (the most any server could reach)`);
  console.log(`server busy time per request: api ${median(apiBusy).toFixed(0)} µs, hello ${median(helloBusy).toFixed(0)} µs`);
  const cpuRatio = median(helloBusy) / median(apiBusy);
  console.log(
    `api_rps=${apiMedian.toFixed(0)} hello_rps=${helloMedian.toFixed(0)} ratio=${(apiMedian / helloMedian).toFixed(2)} cpu_ratio=${cpuRatio.toFixed(2)} same_bytes_ratio=${(median(sameRps) / helloMedian).toFixed(2)}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
