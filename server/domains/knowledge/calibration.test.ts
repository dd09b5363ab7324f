// The answer decision's calibration (calibration.ts) through the real app: measured on the
// project's own knowledge when a sync ends or snippets change, attached to every retrieved passage,
// measured again after the knowledge changed, and stored with the index so a restart reuses it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { seedDemo, type DemoCredentials } from '../../demo/seed.js';
import { fingerprintOf, type Calibration } from './calibration.js';
import type { ChunkSet } from './schemas.js';

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

    // New knowledge: the next search measures again.
    const faq = await k.createProvider(projectId, { type: 'manual', name: 'Opening hours' });
    await k.createSnippet(projectId, faq.id, { question: 'When are you open?', content: 'The Lisbon office opens at nine and closes at six.' });
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
});
