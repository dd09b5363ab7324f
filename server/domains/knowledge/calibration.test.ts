// The answer decision's calibration (calibration.ts) through the real app: measured on the
// project's own knowledge when its index is first searched, attached to every retrieved passage,
// measured again after the knowledge changed, and stored with the index so a restart reuses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { seedDemo, type DemoCredentials } from '../../demo/seed.js';
import type { Calibration } from './calibration.js';

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
});
