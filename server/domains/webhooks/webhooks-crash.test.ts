// Webhooks across a real crash: the real entry point as a child process, killed with SIGKILL (no
// shutdown code runs), then started again on the same DATA_DIR; a real receiver on 127.0.0.1 and
// signatures checked with the standardwebhooks library (docs/api.md "Webhooks", relay.ts).
//  - Every change that landed before the kill has its events stored and sent after the restart,
//    and no event names a change that never landed (the write-ahead intents of relay.ts).
//  - A delivery the receiver was still holding open when the server died is sent again after the
//    restart, with the same webhook-id and body.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { startServerProcess } from '../../testing/server-process.js';
import { openStore } from '../../store/index.js';
import { eventsOf, startReceiver, type Receiver } from './receiver.fixture.js';

const started: ReturnType<typeof startServerProcess>[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const run of started.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGKILL');
      await run.exited;
    }
  }
  for (const fn of cleanups.splice(0)) await fn();
});

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'parley-webhooks-crash-'));
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close(), () => rm(dir, { recursive: true, force: true }));
  return { dir, receiver };
}

function start(dir: string) {
  const run = startServerProcess({ DATA_DIR: dir, ALLOW_PRIVATE_FETCH: 'true' });
  started.push(run);
  return run;
}

async function killed(run: ReturnType<typeof startServerProcess>) {
  run.child.kill('SIGKILL');
  await run.exited;
  expect(run.child.signalCode).toBe('SIGKILL');
}

async function endpoint(base: string, dir: string, receiver: Receiver, eventTypes: string[]) {
  const creds = JSON.parse(await readFile(join(dir, 'demo-credentials.json'), 'utf8')) as { api_key: string; project_id: string };
  const headers = { authorization: `Bearer ${creds.api_key}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/v1/projects/${creds.project_id}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url, event_types: eventTypes }) });
  expect(res.status).toBe(201);
  const { id, secret } = (await res.json()) as { id: string; secret: string };
  return { ...creds, headers, id, secret };
}

describe('webhooks across kill -9', () => {
  it('sends the events of every change that landed before the kill after the restart, and none for changes that did not', async () => {
    const { dir, receiver } = await setup();
    const first = start(dir);
    const base = await first.ready;
    const e = await endpoint(base, dir, receiver, ['conversation.created', 'message.created']);

    // Twenty conversations in flight; SIGKILL as soon as the first is acknowledged, so the others
    // die at every step: before their intent, between it and the change, between the change and
    // its deliveries.
    let kill: Promise<void> | null = null;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/v1/projects/${e.project_id}/conversations`, {
          method: 'POST',
          headers: e.headers,
          body: JSON.stringify({ user_id: `crash-${i}`, message: `Before the crash #${i}` }),
        }).then(
          async (res) => {
            kill ??= killed(first);
            return res.status === 201 ? ((await res.json()) as { id: string }).id : null;
          },
          () => null,
        ),
      ),
    );
    await kill;
    const acked = results.filter((id): id is string => id !== null);
    expect(acked.length).toBeGreaterThan(0);

    const second = start(dir);
    const base2 = await second.ready;
    const sent = (type: string) => eventsOf(receiver, type);
    await vi.waitFor(
      () => {
        for (const id of acked) {
          expect(sent('conversation.created').map((x) => x.event.data.conversation.id)).toContain(id);
          expect(sent('message.created').map((x) => x.event.data.conversation_id)).toContain(id);
        }
      },
      { timeout: 30_000, interval: 200 },
    );
    for (const x of [...sent('conversation.created'), ...sent('message.created')]) {
      expect(new Webhook(e.secret).verify(x.body, x.headers)).toMatchObject({ type: x.event.type });
    }
    // The events a conversation carries until they are relayed never reach a client.
    const shown = await fetch(`${base2}/v1/projects/${e.project_id}/conversations/${acked[0]}`, { headers: e.headers });
    expect(shown.status).toBe(200);
    expect(await shown.text()).not.toContain('webhook_events');
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);

    // Against what the store holds: each conversation that landed (acknowledged or not) has its
    // conversation.created stored, each stored event names a conversation that landed, and no
    // intent is left over.
    const store = await openStore(dir);
    try {
      const landed = (await store.collection('conversations').list(e.project_id)).filter((c) => c.messages[0]?.content.startsWith('Before the crash')).map((c) => c.id);
      const stored = await store.collection('webhook_deliveries').list(e.project_id);
      const created = stored.filter((d) => d.event_type === 'conversation.created').map((d) => JSON.parse(d.body).data.conversation.id as string);
      expect([...new Set(created)].sort()).toEqual([...landed].sort());
      expect(landed).toEqual(expect.arrayContaining(acked));
      expect(stored.filter((d) => (d.status as string) === 'relay')).toEqual([]);
    } finally {
      await store.close();
    }
  }, 240_000);

  it('sends a delivery the receiver held open at the kill again after the restart, with the same webhook-id', async () => {
    const { dir, receiver } = await setup();
    const first = start(dir);
    const base = await first.ready;
    const e = await endpoint(base, dir, receiver, ['conversation.created']);
    receiver.hold = true;
    const res = await fetch(`${base}/v1/projects/${e.project_id}/conversations`, {
      method: 'POST',
      headers: e.headers,
      body: JSON.stringify({ user_id: 'held', message: 'Delivered across a crash' }),
    });
    expect(res.status).toBe(201);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
    await killed(first); // the receiver never answered

    receiver.hold = false;
    const second = start(dir);
    const base2 = await second.ready;
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2), { timeout: 15_000 });
    const [cut, again] = receiver.received;
    expect(again.headers['webhook-id']).toBe(cut.headers['webhook-id']);
    expect(again.body).toBe(cut.body);
    expect(new Webhook(e.secret).verify(again.body, again.headers)).toMatchObject({ type: 'conversation.created', data: { conversation: { id: ((await res.json()) as { id: string }).id } } });

    // The attempt cut short by the kill left no trace; the one after the restart is the delivery's only attempt.
    await vi.waitFor(async () => {
      const log = await fetch(`${base2}/v1/projects/${e.project_id}/webhooks/${e.id}/deliveries`, { headers: e.headers });
      const [d] = ((await log.json()) as { data: { status: string; attempts: { status: number }[] }[] }).data;
      expect(d).toMatchObject({ status: 'delivered', attempts: [{ status: 200 }] });
    });
  }, 240_000);
});
