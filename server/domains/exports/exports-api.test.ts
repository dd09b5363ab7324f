// Entity exports over the real app and a real lowdb store (spec 4.1): every format, the list's
// filters, formula escaping, UTF-8 intact, the selection, the 10,000-row cap and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { v7 } from 'uuid';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs } from '../../http/auth/team-session.fixture.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';

let t: TestApp;
let P: string;
let H: Record<string, string>;
const ids: Record<string, string> = {};
const WORDS = { accents: 'Résumé déjà vu, naïve café', arabic: 'مرحبا، أين طلبي؟', emoji: 'Order 🚚 late 😡' };

beforeAll(async () => {
  t = await createTestApp();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
  const create = async (user_id: string, message: string) => (await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: H, payload: { user_id, message } })).json().id as string;
  ids.formula = await create('ext-formula', '=HYPERLINK("http://evil.test","click")');
  ids.accents = await create('ext-accents', WORDS.accents);
  ids.arabic = await create('ext-arabic', WORDS.arabic);
  ids.emoji = await create('ext-emoji', WORDS.emoji);
  await t.app.ctx.services.conversations.append(t.demo.project_id, ids.emoji, { role: 'assistant', content: '+1 we are on it\nsecond line, "quoted"' });
  await t.app.ctx.services.conversations.setStatus(t.demo.project_id, ids.arabic, 'resolved');
});
afterAll(() => t.close());

const get = (url: string, headers = H) => t.app.inject({ method: 'GET', url, headers });
const csv = (body: string) => Papa.parse<Record<string, string>>(body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;

describe('entity exports (spec 4.1)', () => {
  it('exports conversations as CSV with a BOM, the list filters, escaped formulas and UTF-8 intact', async () => {
    const res = await get(`${P}/exports/conversations?format=csv&q=${encodeURIComponent('évil')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="conversations-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = csv(res.body);
    expect(rows.map((r) => r.id)).toEqual([ids.formula]);
    // A formula stays text: the leading apostrophe is what spreadsheets honour.
    expect(rows[0].last_message).toBe(`'=HYPERLINK("http://evil.test","click")`);
    // The organization set no time zone: UTC, named in the date column's header.
    expect(rows[0]['created_at (UTC)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.headers['x-export-rows']).toBe('1');
    expect(res.headers['x-export-truncated']).toBe('false');

    const open = csv((await get(`${P}/exports/conversations?status=active`)).body);
    expect(open.map((r) => r.id)).not.toContain(ids.arabic);
    const resolved = csv((await get(`${P}/exports/conversations?status=resolved`)).body);
    expect(resolved.map((r) => r.id)).toEqual([ids.arabic]);
    expect(resolved[0].last_message).toBe(WORDS.arabic);
  });

  it('exports messages and users as JSONL, one object per line', async () => {
    const res = await get(`${P}/exports/messages?format=jsonl&user_id=${(await convo(ids.emoji)).user_id}`);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.body.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((m) => m.content)).toEqual([WORDS.emoji, '+1 we are on it\nsecond line, "quoted"']);
    expect(lines[0]).toMatchObject({ conversation_id: ids.emoji, role: 'user', seq: expect.any(Number) });

    const users = (await get(`${P}/exports/users?format=jsonl&external_id=ext-arabic`)).body.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ external_id: 'ext-arabic' });
  });

  it('exports .xlsx with real dates, text cells and escaped formulas', async () => {
    const res = await get(`${P}/exports/messages?format=xlsx`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['conversation_id', 'id', 'seq', 'created_at (UTC)', 'role', 'type', 'author', 'outcome', 'content', 'sources', 'attachments']);
    const contents: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && contents.push(row.getCell(9).value));
    for (const w of Object.values(WORDS)) expect(contents).toContain(w);
    expect(contents).toContain(`'=HYPERLINK("http://evil.test","click")`);
    expect(contents).toContain(`'+1 we are on it\nsecond line, "quoted"`);
    expect(sheet.getRow(2).getCell(4).value).toBeInstanceOf(Date);
  });

  it('exports a Markdown table with pipes and line breaks kept inside their cells', async () => {
    const res = await get(`${P}/exports/messages?format=md&q=${encodeURIComponent('on it')}`);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.body).toMatch(/^# Messages\n\n\| conversation_id \| id \|/);
    expect(res.body).toContain('+1 we are on it<br>second line, "quoted"');
  });

  it('exports the selected conversations (the batch bar), skipping unknown ids', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${P}/exports/selected`, headers: H, payload: { conversation_ids: [ids.accents, ids.emoji, v7()], format: 'csv' } });
    expect(res.statusCode).toBe(200);
    expect(csv(res.body).map((r) => r.id).sort()).toEqual([ids.accents, ids.emoji].sort());
    const messages = await t.app.inject({ method: 'POST', url: `${P}/exports/selected`, headers: H, payload: { conversation_ids: [ids.accents], entity: 'messages', format: 'jsonl' } });
    expect(JSON.parse(messages.body.split('\n')[0]).content).toBe(WORDS.accents);
  });

  it('refuses without export:read or the read permission of what is exported (403)', async () => {
    const key = async (permissions: string[]) =>
      (await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: permissions.join(' '), permissions: permissions as never, environment: 'test' })).key;
    const readOnly = { authorization: `Bearer ${await key(['conversation:read', 'userpool:read'])}` };
    const res = await get(`${P}/exports/conversations`, readOnly);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'insufficient_permissions', missing_permissions: ['export:read'] });
    expect((await get(`${P}/exports/users`, readOnly)).statusCode).toBe(403);
    const exportOnly = { authorization: `Bearer ${await key(['export:read', 'conversation:read'])}` };
    expect((await get(`${P}/exports/conversations`, exportOnly)).statusCode).toBe(200);
    expect((await get(`${P}/exports/users`, exportOnly)).json().missing_permissions).toEqual(['userpool:read']);
    // A team member's role grants export:read (shared/roles.ts): the console's session works too.
    const member = await loginAs(t, 'member');
    expect((await get(`${P}/exports/conversations?format=jsonl`, member.headers)).statusCode).toBe(200);
  });

  it('stops at 10,000 rows, newest first, and says so', async () => {
    const store = t.app.ctx.store.collection('conversations');
    const template = await convo(ids.accents);
    const made: string[] = [];
    for (let i = 0; i < 10_001; i += 500) {
      await Promise.all(
        Array.from({ length: Math.min(500, 10_001 - i) }, () => {
          const id = v7();
          made.push(id);
          return store.put(t.demo.project_id, { ...template, id, tags: ['bulk'], messages: [] });
        }),
      );
    }
    const res = await get(`${P}/exports/conversations?tags=bulk`);
    expect(res.headers['x-export-rows']).toBe('10000');
    expect(res.headers['x-export-total']).toBe('10001');
    expect(res.headers['x-export-truncated']).toBe('true');
    const rows = csv(res.body);
    expect(rows).toHaveLength(10_000);
    expect(rows[0].id).toBe(made.sort().at(-1));
    expect(rows.map((r) => r.id)).not.toContain(made[0]);
    const md = await get(`${P}/exports/conversations?tags=bulk&format=md`);
    expect(md.body.trimEnd().split('\n').at(-1)).toMatch(/^Cut at the export limit: 10000 of 10001 rows/);
  }, 60_000);
});

const convo = async (id: string) => (await t.app.ctx.services.conversations.get(t.demo.project_id, id)) as ConversationRecord;
