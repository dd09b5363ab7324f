// The demo seed with PORT=0: the real entry point in a child process picks a
// free port, and the demo knowledge base it seeds cites links on that port, not on ":0", so a
// visitor's click on a source opens the page (spec 2.6: sources with title and link).
import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../testing/server-process.js';

const start = startServerProcess;

describe('demo seed with PORT=0', () => {
  it('cites links on the real listening port, and they open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-port0-'));
    const run = start({ DATA_DIR: dir, PORT: '0' });
    try {
      const base = await run.ready;
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(base).not.toMatch(/:0$/);
      const creds = JSON.parse(await readFile(join(dir, 'demo-credentials.json'), 'utf8'));
      const P = `${base}/v1/projects/${creds.project_id}`;
      const H = { authorization: `Bearer ${creds.api_key}`, 'content-type': 'application/json' };

      // One question answered from a FAQ snippet, one from the imported docs (the wiki provider).
      const urls: string[] = [];
      for (const [i, question] of ['How do I embed the widget?', 'How do I run the tests?'].entries()) {
        const conv = await (await fetch(`${P}/conversations`, { method: 'POST', headers: H, body: JSON.stringify({ user_id: `port0-${i}`, message: question }) })).json();
        const res = await fetch(`${P}/conversations/${conv.id}/generate`, { method: 'POST', headers: H });
        expect(res.status).toBe(200);
        const { sources } = (await res.json()) as { sources: { url: string | null }[] };
        expect(sources.length).toBeGreaterThan(0);
        urls.push(...sources.map((s) => s.url!));
      }
      expect(urls.some((u) => u.includes('/docs/'))).toBe(true);
      for (const url of urls) {
        expect(url.slice(0, base.length + 1)).toBe(`${base}/`); // not http://127.0.0.1:0/
        expect((await fetch(url)).status).toBe(200);
      }
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
