// The queue in front of the sandbox (docs/behaviour.md "Unitools", "Runs and waiting"): a project's
// burst of runs does not hold another project's run behind all of it, a project's line is bounded,
// and a run that waits longer than the wait limit fails with a clear error. Real runs through the
// service; the order of completion is what is checked, never how long anything took.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredUnitool } from '../../../shared/schemas/unitools.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createUnitoolService } from './service.js';

function tool(projectId: string, code: string): StoredUnitool {
  const t = new Date().toISOString();
  return { id: `t-${projectId}`, project_id: projectId, name: 'q', description: 'q', parameters: { type: 'object' }, code, language: 'shell', timeout_ms: 10_000, memory_mb: 64, secrets: {}, profile_ids: [], created_at: t, updated_at: t };
}

describe('Unitool run queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ unitoolLimits: { concurrency: 1, perProject: 1, queueLength: 4, waitMs: 60_000 } });
  });
  afterAll(() => t.close());

  it("serves another project's run before the rest of one project's burst", async () => {
    const service = createUnitoolService(t.app.ctx);
    const done: string[] = [];
    const run = (projectId: string, label: string) => service.run(tool(projectId, `sleep 0.3; echo ${label}`), {}).then((r) => done.push(String(r.ok ? r.result : r.error?.code)));
    const burst = ['a1', 'a2', 'a3', 'a4'].map((label) => run('project-a', label));
    const other = run('project-b', 'b1');
    await Promise.all([...burst, other]);
    // a1 had the only slot; then the projects take turns: b1 does not wait behind a2…a4.
    expect(done).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('refuses a run at once when its project already has a full line', async () => {
    const service = createUnitoolService(t.app.ctx);
    const runs = Array.from({ length: 6 }, () => service.run(tool('project-c', 'sleep 0.2; echo ran'), {}));
    const results = await Promise.all(runs);
    // One runs, four wait (the line's length), the sixth is refused without waiting.
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results[5]).toMatchObject({ ok: false, error: { code: 'queue_full' } });
    expect(results[5]!.error!.message).toMatch(/already waiting/);
  });
});

describe('Unitool run queue wait limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A wait limit far shorter than the run holding the only slot: the waiting run must give up.
    t = await createTestApp({ unitoolLimits: { concurrency: 1, perProject: 1, queueLength: 4, waitMs: 200 } });
  });
  afterAll(() => t.close());

  it('fails a run that waited longer than the limit with queue_timeout', async () => {
    const service = createUnitoolService(t.app.ctx);
    const long = service.run(tool('project-d', 'sleep 3; echo long'), {});
    const waiting = await service.run(tool('project-e', 'echo never'), {});
    expect(waiting).toMatchObject({ ok: false, error: { code: 'queue_timeout' } });
    expect(waiting.error!.message).toMatch(/waited 200 ms/);
    expect(await long).toMatchObject({ ok: true, result: 'long' });
  });
});
