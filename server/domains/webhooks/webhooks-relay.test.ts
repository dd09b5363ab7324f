// The write-ahead intents of relay.ts over the real app and store, and a real receiver on 127.0.0.1:
// a change that fails leaves no event and no intent; what a crashed run left behind (an intent, with
// or without its change) is relayed or dropped by the recovery pass; a knowledge sync's outcome goes
// out as knowledge.sync.failed through the same path.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { newId, now } from '../../lib/ids.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeDataset } from '../exports/dataset.js';
import { eventsOf, startReceiver, type Receiver } from './receiver.fixture.js';

describe('webhook intents', () => {
  let t: TestApp;
  let r: Receiver;
  let secret: string;
  let P: string;
  beforeAll(async () => {
    r = await startReceiver();
    t = await createTestApp();
    P = t.demo.project_id;
    ({ secret } = await t.app.ctx.services.webhooks.endpoints.create(P, { url: r.url }));
  });
  afterAll(async () => {
    await t.close();
    await r.close();
  });

  const deliveries = () => t.app.ctx.store.collection('webhook_deliveries').list(P);
  const intents = async () => (await deliveries()).filter((d) => (d.status as string) === 'relay');

  it('stores no event for a change whose write failed, and leaves no intent', async () => {
    const { webhooks } = t.app.ctx.services;
    const before = (await deliveries()).length;
    const check = { collection: 'aliases', scope: P, id: 'never', fields: { version: 1 } } as const;
    await expect(webhooks.around(P, [['alias.moved', { alias: { name: 'never' } }]], check, async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect((await deliveries()).length).toBe(before);
    expect(await intents()).toEqual([]);
  });

  it('relays what a crashed run left: intents whose change landed are sent, the others dropped', async () => {
    const { store, services } = t.app.ctx;
    const intentsCollection = store.collection('webhook_deliveries') as unknown as { put(scope: string, doc: object): Promise<unknown> };
    const longAgo = new Date(Date.now() - 60_000).toISOString();

    // A conversation written with its carried events, whose relay never ran.
    const landed = newId();
    const conversation = await services.conversations.create({ projectId: P, userId: 'u-crash', firstMessage: { role: 'user', content: 'left behind' } });
    await store.collection('conversations').update(P, conversation.id, (c) => ({
      ...c,
      webhook_events: [{ id: newId(), change: landed, type: 'conversation.escalated', data: { conversation: { id: conversation.id } }, at: now() }],
    }));
    await intentsCollection.put(P, { id: landed, status: 'relay', project_id: P, check: { collection: 'conversations', scope: P, id: conversation.id }, created_at: longAgo });
    // An intent whose change never landed: its document does not show the fields.
    await intentsCollection.put(P, {
      id: newId(), status: 'relay', project_id: P, created_at: longAgo,
      check: { collection: 'aliases', scope: P, id: 'ghost', fields: { version: 9 } },
      events: [{ id: newId(), type: 'alias.moved', data: { alias: { name: 'ghost' } }, at: longAgo }],
    });
    // An intent holding its events, whose change landed.
    const user = await services.users.create(P, {});
    await intentsCollection.put(P, {
      id: newId(), status: 'relay', project_id: P, created_at: longAgo,
      check: { collection: 'users', scope: user.user_pool_id, id: user.id, fields: { created_at: user.created_at } },
      events: [{ id: newId(), type: 'user.updated', data: { user: { id: user.id, recovered: true } }, at: longAgo }],
    });

    // (The background pass may take some of them first: what counts is what is sent.)
    await services.webhooks.recover();
    expect(await intents()).toEqual([]);
    await vi.waitFor(() => {
      expect(eventsOf(r, 'conversation.escalated').map((x) => x.event.data.conversation.id)).toEqual([conversation.id]);
      expect(eventsOf(r, 'user.updated').filter((x) => x.event.data.user.recovered)).toHaveLength(1);
    }, { timeout: 10_000 });
    expect(eventsOf(r, 'alias.moved').filter((x) => x.event.data.alias.name === 'ghost')).toEqual([]);
    for (const x of [...eventsOf(r, 'conversation.escalated'), ...eventsOf(r, 'user.updated')]) expect(new Webhook(secret).verify(x.body, x.headers)).toBeTruthy();

    // Events a conversation carries are no part of its data: a full export leaves them out.
    expect((await store.collection('conversations').get(P, conversation.id))?.webhook_events).toHaveLength(1);
    const file = join(t.app.ctx.config.dataDir, 'dataset.jsonl');
    await writeDataset(services, P, file, async () => undefined);
    const exported = await readFile(file, 'utf8');
    expect(exported).toContain('left behind');
    expect(exported).not.toContain('webhook_events');
  });

  it('sends a sync outcome (knowledge.sync.failed) from the write that stores it', async () => {
    const base = `/v1/projects/${P}`;
    const headers = { authorization: `Bearer ${t.demo.api_key}` };
    const p = (await t.app.inject({ method: 'POST', url: `${base}/data-providers`, headers, payload: { type: 'wiki', name: 'Empty wiki' } })).json();
    const started = await t.app.inject({ method: 'POST', url: `${base}/data-providers/${p.id}/sync`, headers });
    expect(started.statusCode).toBe(202);
    await t.app.ctx.services.knowledge.waitForSync(P, p.id);
    await vi.waitFor(() => expect(eventsOf(r, 'knowledge.sync.failed').map((x) => x.event.data.job.id)).toEqual([started.json().id]), { timeout: 10_000 });
    expect(await intents()).toEqual([]);
  });
});
