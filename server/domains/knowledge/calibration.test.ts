// The answer decision's calibration (calibration.ts) through the real app: measured on the
// project's own knowledge when a sync ends or snippets change, attached to every retrieved passage,
// measured again after the knowledge changed, and stored with the index so a restart reuses it.
// Searches never measure it: no visitor question waits for it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { seedDemo, type DemoCredentials } from '../../demo/seed.js';
import { fingerprintOf, measure, type Calibration } from './calibration.js';
import { HybridIndex } from './hybrid-index.js';
import type { ChunkSet } from './schemas.js';
import { html, startSite } from './testing/site.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-calibration-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function open(): Promise<{ app: FastifyInstance; demo: DemoCredentials }> {
  const app = await buildApp(testConfig(dir));
  const { credentials } = await seedDemo(app.ctx);
  return { app, demo: credentials! };
}

describe('calibration of the answer decision', () => {
  it('is measured from the knowledge itself, follows a change of it, and survives a restart', async () => {
    const first = await open();
    const k = first.app.ctx.services.knowledge;
    const projectId = first.demo.project_id;
    const passages = await k.search(projectId, 'How do I back up my data?', { limit: 3 });
    const calibration = passages[0].relevance!.calibration!;
    expect(passages.every((p) => p.relevance?.calibration === calibration)).toBe(true);
    // Pseudo-questions found their own page first more often than not, and scored above the
    // off-topic mixtures of two sections' words.
    expect(calibration.samples).toBeGreaterThan(20);
    expect(calibration.top1).toBeGreaterThan(0.5);
    expect(calibration.answered).toHaveLength(11);
    expect(calibration.answered[5]).toBeGreaterThan(calibration.offTopic[5]);
    const calibrations = first.app.ctx.store.collection('calibrations');
    expect(await calibrations.get(projectId, 'index')).toEqual(calibration);

    // New knowledge: measured again once the edits pause; searches then carry the new calibration.
    const faq = await k.createProvider(projectId, { type: 'manual', name: 'Opening hours' });
    await k.createSnippet(projectId, faq.id, { question: 'When are you open?', content: 'The Lisbon office opens at nine and closes at six.' });
    await vi.waitFor(async () => expect(((await calibrations.get(projectId, 'index')) as Calibration).fingerprint).not.toBe(calibration.fingerprint), { timeout: 10_000, interval: 50 });
    const after = (await k.search(projectId, 'When are you open?', { limit: 1 }))[0].relevance!.calibration!;
    expect(after.fingerprint).not.toBe(calibration.fingerprint);
    expect(await calibrations.get(projectId, 'index')).toEqual(after);

    // A restart reads the stored calibration instead of measuring again (the marker survives).
    await calibrations.put(projectId, { ...after, top1: 0.123 });
    await first.app.close();
    const second = await open();
    try {
      const [top] = await second.app.ctx.services.knowledge.search(projectId, 'How do I back up my data?', { limit: 1 });
      expect((top.relevance!.calibration as Calibration).top1).toBe(0.123);
    } finally {
      await second.app.close();
    }
  });

  it('is measured when a sync ends and after snippet edits, not by the first visitor question', async () => {
    const sub = await mkdtemp(join(dir, 'sync-'));
    const app = await buildApp(testConfig(sub));
    try {
      // seedDemo waits for the demo's wiki sync: the calibration is stored before any search.
      const { credentials } = await seedDemo(app.ctx);
      const projectId = credentials!.project_id;
      const calibrations = app.ctx.store.collection('calibrations');
      const measured = (await calibrations.get(projectId, 'index')) as Calibration | undefined;
      expect(measured?.samples).toBeGreaterThan(20);
      const sets = (await app.ctx.store.collection('chunk_sets').list(projectId)) as ChunkSet[];
      expect(measured!.fingerprint).toBe(fingerprintOf(sets));

      // A snippet edit: measured again in the background once the edits pause, with no search.
      const k = app.ctx.services.knowledge;
      const faq = await k.createProvider(projectId, { type: 'manual', name: 'Opening hours' });
      await k.createSnippet(projectId, faq.id, { question: 'When are you open?', content: 'The Lisbon office opens at nine and closes at six.' });
      await vi.waitFor(async () => {
        const now = (await calibrations.get(projectId, 'index')) as Calibration;
        expect(now.fingerprint).not.toBe(measured!.fingerprint);
      }, { timeout: 10_000, interval: 100 });
    } finally {
      await app.close();
    }
  });

  it('is never measured by a search: during a sync searches carry the last one, and the sync brings it up to date before it ends', async () => {
    const sub = await mkdtemp(join(dir, 'search-'));
    const site = await startSite('127.0.0.1', {
      '/': html('Returns', '<main><p>Returns are free within thirty days of delivery; print the label from your account.</p><a href="/slow">slow</a></main>'),
      '/slow': html('Warranty', '<main><p>Every device has a two year warranty covering defects in materials.</p></main>'),
    });
    site.hold('/slow');
    const app = await buildApp(testConfig(sub, { allowPrivateFetch: true }));
    try {
      const { credentials } = await seedDemo(app.ctx);
      const projectId = credentials!.project_id;
      const k = app.ctx.services.knowledge;
      const calibrations = app.ctx.store.collection('calibrations');
      const before = (await calibrations.get(projectId, 'index')) as Calibration;
      // Every calibration stored from here on (the real collection's put, observed, not replaced).
      const stored: Calibration[] = [];
      const put = calibrations.put.bind(calibrations);
      calibrations.put = async (scope, doc) => (stored.push(doc as Calibration), put(scope, doc));

      const provider = await k.createProvider(projectId, { type: 'web_crawler', name: 'Shop', crawler: { start_urls: [`${site.url}/`] } });
      const job = await k.startSync(projectId, provider.id);
      await site.arrived('/slow');
      await vi.waitFor(async () => expect((await k.listSources(projectId, { data_provider_id: provider.id })).data.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });

      // The index changed mid-sync: a search answers with the calibration it had, measuring nothing.
      const during = await k.search(projectId, 'Are returns free?', { limit: 3 });
      expect(during[0].relevance!.calibration).toEqual(before);
      expect(stored).toEqual([]);

      site.release();
      await vi.waitFor(async () => expect((await k.getSyncJob(projectId, provider.id, job.id)).status).toBe('succeeded'), { timeout: 10_000, interval: 20 });
      // Measured once, on the whole new knowledge, before the job reported success.
      const sets = (await app.ctx.store.collection('chunk_sets').list(projectId)) as ChunkSet[];
      expect(stored.map((c) => c.fingerprint)).toEqual([fingerprintOf(sets)]);
      const after = await k.search(projectId, 'Are returns free?', { limit: 3 });
      expect(after[0].relevance!.calibration).toEqual(stored[0]);
      expect(stored).toHaveLength(1);
    } finally {
      await app.close();
      await site.close();
    }
  });
});

// Source ids are time-ordered with random bits, and a crawl stores pages in the order they arrive:
// the calibration must come out the same for the same pages however they were stored, or one eval
// run answers a question that the next one only suggests.
describe('calibration of the same pages', () => {
  const WORDS = 'install widget cookie backup restore operator inbox token origin script colour greeting language voice search crawler sitemap snippet answer handoff team console project key limit plan invoice export import webhook audience trigger'.split(' ');
  const pages = Array.from({ length: 240 }, (_, i) => {
    const w = (k: number) => WORDS[(i * 7 + k * 11) % WORDS.length];
    return { url: `https://docs.example/page-${i}`, title: `Page ${i} about ${w(0)}`, text: `How the ${w(1)} and the ${w(2)} work with the ${w(3)}. Set the ${w(4)} before the ${w(5)} is used.` };
  });
  const store = (order: number[], idPrefix: string, idSalt: number): ChunkSet[] =>
    order.map((i) => ({
      id: `${idPrefix}-set-${i}`, project_id: 'p', source_id: `${idPrefix}-${String((i * idSalt) % 1009).padStart(4, '0')}-${i}`, data_provider_id: 'd',
      title: pages[i].title, url: pages[i].url, question: null, content_hash: `hash-${i}`, embedder: 'none',
      chunks: [{ id: `${idPrefix}-${i}:0`, ord: 0, headings: [pages[i].title], text: pages[i].text, vector: '' }],
    }));
  const calibrate = (sets: ChunkSet[]) => {
    const index = new HybridIndex(0);
    for (const s of sets) index.setSource(s.source_id, s.chunks.map((c) => ({ ...c, source_id: s.source_id, title: s.title, url: s.url, question: s.question, vector: new Float32Array(0) })));
    const { fingerprint: _f, ...rest } = measure(index, sets);
    return rest;
  };

  it('does not depend on the sources’ ids or the order they were stored in', () => {
    const forward = pages.map((_, i) => i);
    const shuffled = [...forward].sort((a, b) => ((a * 37) % 241) - ((b * 37) % 241));
    const one = calibrate(store(forward, 'a', 7919));
    expect(one.samples).toBeGreaterThan(100);
    expect(calibrate(store(shuffled, 'zz', 104_729))).toEqual(one);
  });
});
