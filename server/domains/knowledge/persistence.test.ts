// The index survives a restart without re-fetching or re-embedding, and the
// OpenAI-compatible /embeddings provider, against a scripted server on 127.0.0.1 (an edge fake).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig, type Config } from '../../config.js';
import { seedDemo, type DemoCredentials } from '../../demo/seed.js';
import { html, startSite } from './testing/site.js';
import { openStore } from '../../store/index.js';
import { words } from './text.js';

const DIMS = 32;
/** Deterministic "model": bag of words folded into 32 dims. */
function fakeEmbedding(text: string): number[] {
  const v = new Array(DIMS).fill(0);
  for (const w of words(text)) {
    let h = 7;
    for (const c of w) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    v[h % DIMS] += 1;
  }
  return v;
}

interface EmbedCall {
  auth: string | undefined;
  model: string;
  inputs: string[];
}

let embedServer: http.Server;
let embedUrl: string;
const calls: EmbedCall[] = [];
let dir: string;

beforeAll(async () => {
  embedServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { model: string; input: string | string[] };
      const inputs = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
      calls.push({ auth: req.headers.authorization, model: parsed.model, inputs });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: parsed.model,
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((r) => embedServer.listen(0, '127.0.0.1', r));
  embedUrl = `http://127.0.0.1:${(embedServer.address() as AddressInfo).port}/v1`;
  dir = await mkdtemp(join(tmpdir(), 'parley-knowledge-'));
});
afterAll(async () => {
  embedServer.closeAllConnections();
  await new Promise((r) => embedServer.close(r));
  await rm(dir, { recursive: true, force: true });
});

async function open(overrides: Partial<Config>): Promise<{ app: FastifyInstance; demo: DemoCredentials }> {
  const app = await buildApp(testConfig(dir, { allowPrivateFetch: true, ...overrides }));
  const { credentials } = await seedDemo(app.ctx);
  return { app, demo: credentials! };
}

describe('persistence and the embeddings endpoint', () => {
  it('embeds through the OpenAI-compatible endpoint, then serves search after a restart with no fetch and no re-embedding', async () => {
    const embeddings = { baseUrl: embedUrl, apiKey: 'sk-test-embeddings', model: 'scripted-embed' };
    const site = await startSite('127.0.0.1', {
      '/': html('Help', '<main><h2>Opening hours</h2><p>The flagship store in Lisbon opens at nine and closes at eight.</p><a href="/faq">FAQ</a></main>'),
      '/faq': html('FAQ', '<main><h2>Parking</h2><p>Free parking is available behind the warehouse on Rua Augusta.</p></main>'),
    });

    const first = await open({ embeddings });
    const k = first.app.ctx.services.knowledge;
    const projectId = first.demo.project_id;
    expect(k.embedderId).toBe(`openai:${embedUrl}:scripted-embed`);
    const provider = await k.createProvider(projectId, { type: 'web_crawler', name: 'Store site', crawler: { start_urls: [`${site.url}/`] } });
    await k.startSync(projectId, provider.id);
    await k.waitForSync(projectId, provider.id);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.auth === 'Bearer sk-test-embeddings' && c.model === 'scripted-embed')).toBe(true);
    expect(calls.flatMap((c) => c.inputs).some((i) => i.includes('Rua Augusta'))).toBe(true);

    const before = await k.search(projectId, 'where can I park near the warehouse', { limit: 1 });
    expect(before[0].url).toBe(`${site.url}/faq`);
    const stored = (await first.app.ctx.store.collection('chunk_sets').list(projectId)).find((s) => s.source_id === before[0].source_id)!;
    expect(stored.embedder).toBe(k.embedderId);
    await first.app.close();
    await site.close();
    const fetchedBefore = site.requests.length;

    // Restart on the same data dir: the site is gone, the endpoint sees only the query.
    const callsBefore = calls.length;
    const second = await open({ embeddings });
    const after = await second.app.ctx.services.knowledge.search(projectId, 'where can I park near the warehouse', { limit: 1 });
    expect(after[0]).toMatchObject({ url: `${site.url}/faq`, chunk_id: before[0].chunk_id, headings: ['Parking'] });
    expect(calls.slice(callsBefore).flatMap((c) => c.inputs)).toEqual(['where can I park near the warehouse']);
    expect(site.requests.length).toBe(fetchedBefore);
    await second.app.close();

    // Switching to the local embedder re-embeds the stored text once, still without fetching.
    const callsAtSwitch = calls.length;
    const third = await open({ embeddings: null });
    const local = await third.app.ctx.services.knowledge.search(projectId, 'opening hours of the Lisbon store', { limit: 1 });
    expect(local[0]).toMatchObject({ url: `${site.url}/`, headings: ['Opening hours'] });
    expect(calls.length).toBe(callsAtSwitch);
    const restored = (await third.app.ctx.store.collection('chunk_sets').list(projectId)).find((s) => s.source_id === local[0].source_id)!;
    expect(restored.embedder).toMatch(/^local-hash-v1/);
    await third.app.close();
  });

  it('reports a down embeddings endpoint as 502 upstream_unavailable', async () => {
    const dead = http.createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    const app = await buildApp(testConfig(await mkdtemp(join(tmpdir(), 'parley-knowledge-')), { embeddings: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: '', model: 'm' } }));
    try {
      const org = await app.ctx.services.org.createOrganization({ name: 'Org', plan: 'standard' });
      const projectId = (await app.ctx.services.projects.createProject({ organizationId: org.id, name: 'Project' })).id;
      const k = app.ctx.services.knowledge;
      const provider = await k.createProvider(projectId, { type: 'manual', name: 'FAQ' });
      const err = await k.createSnippet(projectId, provider.id, { content: 'Anything at all.' }).catch((e) => e);
      expect(err.code).toBe('upstream_unavailable');
      expect(err.status).toBe(502);
    } finally {
      await app.close();
      await rm(app.ctx.config.dataDir, { recursive: true, force: true });
    }
  });

  it('stops a running sync cleanly when the app closes, recording it as cancelled', async () => {
    const own = await mkdtemp(join(tmpdir(), 'parley-knowledge-'));
    const site = await startSite('127.0.0.1', {
      '/': html('Start', '<main><p>Start page with a link.</p><a href="/slow">slow</a></main>'),
      '/slow': html('Slow', '<main><p>This page answers only when released.</p></main>'),
    });
    site.hold('/slow');
    const app = await buildApp(testConfig(own, { allowPrivateFetch: true }));
    try {
      const { credentials } = await seedDemo(app.ctx);
      const k = app.ctx.services.knowledge;
      const provider = await k.createProvider(credentials!.project_id, { type: 'web_crawler', name: 'Slow site', crawler: { start_urls: [`${site.url}/`] } });
      const job = await k.startSync(credentials!.project_id, provider.id);
      await site.arrived('/slow');
      await app.close();
      const store = await openStore(own);
      const stored = await store.collection('sync_jobs').get(credentials!.project_id, job.id);
      expect(stored).toMatchObject({ status: 'cancelled', error: 'Stopped by server shutdown' });
      expect(stored!.finished_at).not.toBeNull();
      await store.close();
    } finally {
      await site.close();
      await rm(own, { recursive: true, force: true });
    }
  });
});
