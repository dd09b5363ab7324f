// kill -9 at random moments: every file stays parseable and no write that had resolved is lost, nor
// any replay acknowledged on the strength of a write still in flight, nor any message appended to a
// conversation lost or stored twice — through the write-ahead log, its group commits and its
// compactions (docs/architecture.md section 7).
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openLowdbStore } from './lowdb-store.js';
import { LOG_DIR } from './recovery.js';

type Types = { items: { id: string; n: number; pad: string; messages?: { n: number }[] } };
const fixture = fileURLToPath(new URL('./crash-writer.fixture.ts', import.meta.url));
const KILLS = 12;

function runAndKill(dir: string, afterMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      if (out === '' ) setTimeout(() => child.kill('SIGKILL'), afterMs);
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', () => resolve(out));
  });
}

describe('lowdb store under kill -9', () => {
  it(`keeps every acknowledged write and every file parseable across ${KILLS} kills`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-crash-'));
    const acked = new Set<string>();
    const counters = new Map<string, number>();
    const messages = new Map<string, number>();
    let totalAcks = 0;
    for (let round = 0; round < KILLS; round++) {
      const out = await runAndKill(dir, 40 + Math.floor(Math.random() * 300));
      // Only complete lines count: a line cut by the kill was never fully reported.
      for (const line of out.split('\n').slice(0, -1)) {
        const [kind, id, n] = line.split(' ');
        if (kind === 'put' || kind === 'replay') acked.add(id);
        if (kind === 'set') counters.set(id, Math.max(counters.get(id) ?? 0, Number(n)));
        if (kind === 'msg') messages.set(id, Math.max(messages.get(id) ?? 0, Number(n)));
        if (kind === 'put' || kind === 'set' || kind === 'msg') totalAcks++;
      }
      // Reopening parses every file (a corrupt one would throw StoreCorruptError).
      const store = await openLowdbStore<Types>({ dir, options: { items: { appendOnly: ['messages'] } }, warn: () => {} }, ['items']);
      const items = store.collection('items');
      const present = new Set((await items.list('scope')).map((d) => d.id));
      for (const id of acked) expect(present.has(id), `acknowledged ${id} lost after round ${round}`).toBe(true);
      for (const [id, n] of counters) expect((await items.get('counters', id))?.n ?? 0).toBeGreaterThanOrEqual(n);
      for (const [id, n] of messages) {
        // Every acknowledged message, each once and in order (1, 2, 3 …); a later one may be there
        // too (durable, its ack cut off by the kill).
        const stored = (await items.get('conversations', id))?.messages?.map((m) => m.n) ?? [];
        expect(stored.length, `messages of ${id} after round ${round}`).toBeGreaterThanOrEqual(n);
        expect(stored).toEqual(Array.from({ length: stored.length }, (_, k) => k + 1));
      }
      await store.close();
    }
    expect(totalAcks).toBeGreaterThan(KILLS * 5);
    // Each round opens and closes twice (three segments); more means the writer compacted mid-run.
    const newest = Math.max(...(await readdir(join(dir, LOG_DIR))).map((f) => Number.parseInt(f, 10)));
    expect(newest).toBeGreaterThan(KILLS * 3);
  }, 120_000);
});
