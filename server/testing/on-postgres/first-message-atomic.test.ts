// A first message creates its documents in one transaction (docs/architecture.md section 7
// "Transactions"), on PostgreSQL: a fault injected into the database at one of its writes (a trigger
// that refuses the row, as a crash or a lost connection would stop it) leaves none of the others
// behind: no user or session without its conversation. Then the same message sent again succeeds.
// The widget's first message (user, session, conversation, link, device) and the API's conversation
// for an unknown user_id (user and conversation); a widget file sent before any message (its
// attachment record joins the first message's transaction).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { onPostgres } from '../postgres-suite.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { connectWidget, type WidgetClient } from '../../domains/widget/test-client.js';

await onPostgres();

let t: TestApp;
let base: string;
let db: pg.Client;
const sockets: WidgetClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  db = new pg.Client({ connectionString: t.config.databaseUrl! });
  await db.connect();
  await db.query(`CREATE FUNCTION parley_test_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await db?.end();
  await t?.close();
});

/** Every insert of a row of `collection` fails until the returned function is called. */
async function refuse(collection: string): Promise<() => Promise<void>> {
  await db.query(
    `CREATE TRIGGER parley_test_fault BEFORE INSERT ON parley_documents FOR EACH ROW WHEN (NEW.collection = '${collection}') EXECUTE FUNCTION parley_test_fault()`,
  );
  return async () => {
    await db.query('DROP TRIGGER parley_test_fault ON parley_documents');
  };
}

async function counts(): Promise<Record<string, number>> {
  const { rows } = await db.query<{ collection: string; n: string }>(
    `SELECT collection, count(*) AS n FROM parley_documents WHERE collection IN ('users', 'devices', 'conversations') GROUP BY collection`,
  );
  return Object.fromEntries(['users', 'devices', 'conversations'].map((c) => [c, Number(rows.find((r) => r.collection === c)?.n ?? 0)]));
}

describe('first message on PostgreSQL: all of it or nothing', () => {
  it('widget: a fault at the user row stores no session, conversation, link or device either; sent again, all of them', async () => {
    const c = await connectWidget(base, base);
    sockets.push(c);
    c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    await c.next('session.welcome');
    const before = await counts();

    // The user row is the last the transaction writes (rows go in key order): the conversation and
    // the device documents were already written in it when the fault stops it.
    const allow = await refuse('users');
    c.send({ type: 'message.send', client_id: 'atomic-0001', content: 'Hello from a new visitor' });
    expect((await c.next('error')).error).toBe('internal_error');
    await allow();
    expect(await counts()).toEqual(before);
    expect(c.frames.some((f) => f.type === 'message.ack' || f.type === 'session.tokens')).toBe(false);

    c.send({ type: 'message.send', client_id: 'atomic-0001', content: 'Hello from a new visitor' });
    await c.next('session.tokens');
    const ack = await c.next('message.ack');
    // One user, one conversation, and three device documents: the session, the link, the device.
    expect(await counts()).toEqual({ users: before.users! + 1, devices: before.devices! + 3, conversations: before.conversations! + 1 });
    const { rows } = await db.query<{ doc: string }>(`SELECT doc FROM parley_documents WHERE collection = 'users' AND id = $1`, [ack.conversation.user_id]);
    expect(rows).toHaveLength(1);
  });

  it('widget file before the first message: a fault at the attachment row stores no user, session or conversation, and its bytes go; sent again, all of them', async () => {
    const c = await connectWidget(base, base);
    sockets.push(c);
    c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    const device = (await c.next('session.welcome')).device_token;
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const upload = () =>
      fetch(`${base}/v1/widget/attachments?frame_id=${t.demo.frame_id}&name=first.png`, {
        method: 'POST', headers: { 'content-type': 'image/png', origin: base, 'x-parley-device': device }, body: new Uint8Array(png),
      });
    const files = () => readdir(join(t.dataDir, 'files', t.demo.project_id)).catch(() => []);
    const before = await counts();
    const folders = (await files()).length;

    const allow = await refuse('attachments');
    expect((await upload()).status).toBe(500);
    await allow();
    expect(await counts()).toEqual(before);
    expect((await files()).length).toBe(folders);

    const res = await upload();
    expect(res.status).toBe(201);
    const { conversation } = (await res.json()) as { conversation: { id: string } };
    expect(await counts()).toEqual({ users: before.users! + 1, devices: before.devices! + 3, conversations: before.conversations! + 1 });
    expect(await files()).toContain(conversation.id);
  });

  it('API: a fault at the conversation row stores no user for an unknown user_id; sent again, both', async () => {
    const headers = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/projects/${t.demo.project_id}/conversations`,
        headers,
        payload: { user_id: 'crm-4711', message: 'Opened by our backend' },
      });
    const before = await counts();
    const allow = await refuse('conversations');
    expect((await post()).statusCode).toBe(500);
    await allow();
    expect(await counts()).toEqual(before);
    expect(await t.app.ctx.services.users.findByIdentity(t.demo.project_id, 'external_id', 'crm-4711')).toBeUndefined();

    const res = await post();
    expect(res.statusCode).toBe(201);
    const user = await t.app.ctx.services.users.findByIdentity(t.demo.project_id, 'external_id', 'crm-4711');
    expect(res.json().user_id).toBe(user?.id);
    expect(await counts()).toEqual({ ...before, users: before.users! + 1, conversations: before.conversations! + 1 });
  });
});
