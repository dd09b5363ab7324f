// memory_mb bounds a Unitool run as a whole (docs/behaviour.md "Unitools", "Memory"): with a run
// cgroup (UNITOOL_CGROUP), six processes of one run cannot hold six times its memory; without
// one, a run has fewer processes, so the documented total (processes × memory_mb) stays small.
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { MAX_PROCESSES_WITHOUT_CGROUP, runInSandbox } from './sandbox.js';

/**
 * Six children each write 40 MiB (so the pages are really held) and keep them 2 s; the parent
 * counts those that lived to exit on their own. They all held their block at once at the end of
 * the first one's wait, so the count times 40 MiB is memory the run held together.
 */
const SIX_CHILDREN = `import json, os, time
pids = []
for i in range(6):
    pid = os.fork()
    if pid == 0:
        block = b"\\x01" * (40 << 20)
        time.sleep(2)
        os._exit(0)
    pids.append(pid)
held = sum(1 for pid in pids if os.waitpid(pid, 0)[1] == 0)
print(json.dumps({"held": held}))`;

/**
 * A parent for the test's run cgroups inside the test's own cgroup v1 memory group, as an operator
 * would name one with UNITOOL_CGROUP; null where this host has none the test may write. Made in
 * beforeAll, not here: a run filtered to other tests skips the hooks and would leave it behind.
 */
function testCgroupParent(): string | null {
  const own = readFileSync('/proc/self/cgroup', 'utf8').split('\n').map((l) => l.split(':')).find((f) => f[1]?.split(',').includes('memory'))?.[2];
  if (own === undefined) return null;
  const dir = join('/sys/fs/cgroup/memory', own);
  try {
    accessSync(join(dir, 'cgroup.procs'), constants.W_OK);
    return join(dir, `parley-test-${process.pid}`);
  } catch {
    return null;
  }
}

const parent = testCgroupParent();

describe.skipIf(!parent)('a run cgroup holds the whole run to memory_mb', () => {
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(parent!);
    t = await createTestApp({ unitoolCgroup: parent! });
  });
  afterAll(async () => {
    await t?.close();
    // The runs' own groups go once their last process has exited; then the test's parent.
    for (let i = 0; i < 100 && existsSync(parent!); i++) {
      try {
        rmdirSync(parent!);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });

  it('six children of a 128 MiB run cannot hold 6 × 40 MiB', async () => {
    const H = { authorization: `Bearer ${t.demo.api_key}` };
    const url = `/v1/projects/${t.demo.project_id}/unitools`;
    const tool = (await t.app.inject({ method: 'POST', url, headers: H, payload: { name: 'six', description: 'six children', code: SIX_CHILDREN, language: 'python', timeout_ms: 10_000, memory_mb: 128 } })).json();
    const res = await t.app.inject({ method: 'POST', url: `${url}/${tool.id}/test-run`, headers: H, payload: { arguments: {} } });
    const r = res.json();
    // Either the run is stopped at its limit, or only the children that fit under it held their block.
    if (r.ok) expect(r.result.held * 40, JSON.stringify(r)).toBeLessThan(128);
    else expect(r.error, JSON.stringify(r)).toMatchObject({ code: 'memory_limit' });
  });
});

describe('without a run cgroup', () => {
  it(`a run has at most ${MAX_PROCESSES_WITHOUT_CGROUP} processes, so its total is at most ${MAX_PROCESSES_WITHOUT_CGROUP} × memory_mb`, async () => {
    const r = await runInSandbox({
      language: 'python',
      code: `import json, os, time
n = 0
try:
    for i in range(40):
        if os.fork() == 0:
            time.sleep(1)
            os._exit(0)
        n += 1
except OSError:
    pass
print(json.dumps({"forked": n}))`,
      input: {},
      env: {},
      timeoutMs: 5000,
      memoryMb: 64,
      cgroup: null,
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    // The interpreter is one of them.
    expect((r.result as { forked: number }).forked).toBeLessThan(MAX_PROCESSES_WITHOUT_CGROUP);
  });
});
