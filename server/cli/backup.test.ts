// `backup` while a real server process takes writes, then `restore` and a start on the copy: every
// write acknowledged before the backup began is there and equal, the copy is one moment of the
// store (each writer's writes a prefix of what it sent, alternating over two conversations), and
// restore refuses a running server's directory, a non-empty one and a damaged backup.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { openStore } from '../store/index.js';
import { startServerProcess } from '../testing/server-process.js';
import type { Message } from '../../shared/schemas/entities.js';
import { entryArgs } from '../testing/entry-points.js';

const ENV = 'test';

function cli(dir: string, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [...entryArgs('server/cli/main.ts'), ...args], {
    env: { ...process.env, BASE_URL: '', DATA_DIR: dir, LOG_LEVEL: 'silent', PARLEY_ENV: ENV },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

/** An enterprise organization with room for the writers (no 429), a project and an API key. */
async function seed(dir: string) {
  const app = await buildApp(testConfig(dir, { env: ENV }));
  try {
    const { org, projects, apiKeys } = app.ctx.services;
    const organization = await org.createOrganization({ name: 'Acme', plan: 'enterprise' });
    await org.updateOrganization(organization.id, { rate_limits: { per_minute: 1_000_000, per_day: 10_000_000 } });
    const project = await projects.createProject({ organizationId: organization.id, name: 'Support' });
    const { key } = await apiKeys.create(project.id, { name: 'writer', permissions: ['conversation:read', 'conversation:write', 'userpool:read'], environment: ENV });
    return { projectId: project.id, key };
  } finally {
    await app.close();
  }
}

/** One writer: two conversations, then comments alternately to each, one at a time, until stopped. */
class Writer {
  started = 0;
  acked = 0;
  conversations: string[] = [];
  stop = false;
  private waiting: { count: number; resolve: () => void }[] = [];
  done: Promise<void>;

  constructor(readonly n: number, base: string, key: string, projectId: string) {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/v1/projects/${projectId}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    this.done = (async () => {
      for (const side of ['A', 'B']) this.conversations.push((await post('/conversations', { user_id: `writer-${n}`, message: `writer ${n} ${side}` })).id);
      for (let i = 0; !this.stop; i++) {
        this.started++;
        await post(`/conversations/${this.conversations[i % 2]}/messages`, { type: 'comment', content: `w${n}-${i}` });
        this.acked++;
        this.waiting = this.waiting.filter((w) => (this.acked >= w.count ? (w.resolve(), false) : true));
      }
    })();
  }

  /** Resolves once `count` comments are acknowledged. */
  ackedAtLeast(count: number): Promise<void> {
    if (this.acked >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ count, resolve }));
  }
}

const comments = (messages: Message[], n: number) => messages.filter((m) => new RegExp(`^w${n}-\\d+$`).test(m.content ?? ''));

async function conversationsOf(dir: string, projectId: string, ids: string[]) {
  const store = await openStore(dir);
  try {
    const c = store.collection('conversations');
    return await Promise.all(ids.map(async (id) => (await c.get(projectId, id))!));
  } finally {
    await store.close();
  }
}

describe('backup and restore', () => {
  it('backs up a running server under writes; the restored copy is one consistent moment with every earlier acknowledged write', async () => {
    const root = await mkdtemp(join(tmpdir(), 'parley-backup-'));
    const dataDir = join(root, 'data');
    const { projectId, key } = await seed(dataDir);
    const server = startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', PARLEY_ENV: ENV });
    try {
      const base = await server.ready;
      const writers = [0, 1, 2].map((n) => new Writer(n, base, key, projectId));
      await Promise.all(writers.map((w) => w.ackedAtLeast(6)));

      const ackedBefore = writers.map((w) => w.acked);
      const backup = await cli(dataDir, 'backup', join(root, 'backup'));
      const startedBeforeEnd = writers.map((w) => w.started);
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.out).toContain(`process ${server.child.pid}`);

      // A running server's directory is never restored over.
      const refused = await cli(dataDir, 'restore', join(root, 'backup'));
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('stop the server first');

      await Promise.all(writers.map((w, i) => w.ackedAtLeast(startedBeforeEnd[i]! + 4))); // writes went on after the backup
      for (const w of writers) w.stop = true;
      await Promise.all(writers.map((w) => w.done));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const restored = join(root, 'restored');
      const restore = await cli(restored, 'restore', join(root, 'backup'));
      expect(restore.err).toBe('');
      expect(restore.code).toBe(0);

      for (const w of writers) {
        const [origA, origB] = await conversationsOf(dataDir, projectId, w.conversations);
        const [copyA, copyB] = await conversationsOf(restored, projectId, w.conversations);
        // Nothing half-written: each conversation is an earlier state of the original, message for message.
        expect(copyA!.messages).toEqual(origA!.messages.slice(0, copyA!.messages.length));
        expect(copyB!.messages).toEqual(origB!.messages.slice(0, copyB!.messages.length));
        // One moment across documents: comments alternate A, B, A, …, so A holds as many as B or one more.
        const a = comments(copyA!.messages, w.n).length;
        const b = comments(copyB!.messages, w.n).length;
        expect(a - b, `writer ${w.n}: ${a} in A, ${b} in B`).toBeGreaterThanOrEqual(0);
        expect(a - b).toBeLessThanOrEqual(1);
        expect(a + b).toBeGreaterThanOrEqual(ackedBefore[w.n]!);
        expect(a + b).toBeLessThanOrEqual(startedBeforeEnd[w.n]!);
        expect(comments(origA!.messages, w.n).length + comments(origB!.messages, w.n).length).toBe(w.acked);
      }

      // The server's start on the copy: the key (hashed) and master.key came along.
      const app = await buildApp(testConfig(restored, { env: ENV }));
      try {
        const writer = writers[0]!;
        const res = await app.inject({
          url: `/v1/projects/${projectId}/conversations/${writer.conversations[0]}`,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(res.statusCode).toBe(200);
        expect(comments(res.json().messages, 0).length).toBeGreaterThanOrEqual(Math.ceil(ackedBefore[0]! / 2));
      } finally {
        await app.close();
      }
      expect(await readFile(join(restored, 'master.key'), 'utf8')).toBe(await readFile(join(dataDir, 'master.key'), 'utf8'));

      // Stopped: backup works on the directory itself and holds everything; --force restores over a used directory.
      expect((await cli(dataDir, 'backup', join(root, 'offline'))).code).toBe(0);
      const forced = await cli(restored, 'restore', join(root, 'offline'), '--force');
      expect(forced.err).toBe('');
      expect(forced.code).toBe(0);
      for (const w of writers) {
        expect(await conversationsOf(restored, projectId, w.conversations)).toEqual(await conversationsOf(dataDir, projectId, w.conversations));
      }
    } finally {
      server.child.kill('SIGKILL');
      await rm(root, { recursive: true, force: true });
    }
  }, 240_000); // a server and seven CLI runs, each starting tsx: slow on a loaded machine

  it('refuses to restore into a non-empty directory or from a damaged backup, changing nothing', async () => {
    const root = await mkdtemp(join(tmpdir(), 'parley-backup-'));
    try {
      const dataDir = join(root, 'data');
      await seed(dataDir);
      const backup = join(root, 'backup');
      expect((await cli(dataDir, 'backup', backup)).code).toBe(0);

      const before = (await readdir(dataDir)).sort();
      const full = await cli(dataDir, 'restore', backup);
      expect(full.code).toBe(1);
      expect(full.err).toContain('is not empty');
      expect(full.err).toContain('--force');
      expect((await readdir(dataDir)).sort()).toEqual(before);

      const manifest = JSON.parse(await readFile(join(backup, 'parley-backup.json'), 'utf8')) as { files: Record<string, unknown> };
      const victim = Object.keys(manifest.files).find((f) => f.startsWith('projects/'))!;
      const text = await readFile(join(backup, victim), 'utf8');
      await writeFile(join(backup, victim), text.replace('Support', 'Sxpport')); // same size: only the checksum tells
      const target = join(root, 'target');
      const damaged = await cli(target, 'restore', backup);
      expect(damaged.code).toBe(1);
      expect(damaged.err).toContain(`${victim}: checksum differs from the manifest`);
      expect(damaged.err).toContain('nothing was restored');
      await expect(readdir(target)).rejects.toThrow('ENOENT');

      await cp(backup, join(root, 'torn'), { recursive: true });
      await writeFile(join(root, 'torn', 'parley-backup.json'), '{"format": "parley-backup/1", "files": {');
      const torn = await cli(target, 'restore', join(root, 'torn'));
      expect(torn.code).toBe(1);
      expect(torn.err).toContain('is not valid JSON');
      await expect(readdir(target)).rejects.toThrow('ENOENT');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 180_000);
});
