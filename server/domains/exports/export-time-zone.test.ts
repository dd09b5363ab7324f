// Date-times of the spreadsheet exports follow the organization's time zone (docs/api.md "Exports"),
// set through the organization settings as an admin does: CSV, .xlsx and Markdown read the clock of
// the zone (Berlin in winter and summer, New York, the days daylight saving starts and ends) and each
// date column's header names the zone; UTC, named too, until one is set; JSONL stays ISO 8601 UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../http/auth/team-session.fixture.js';

let t: TestApp;
let admin: TeamLogin;
let P: string;
let H: Record<string, string>;

// Each conversation (and its one message) is stamped at one of these instants.
const AT = {
  berlinWinter: '2026-01-15T12:00:00.000Z',
  berlinSummer: '2026-07-15T12:00:00.000Z',
  // Berlin moves from +01:00 to +02:00 at 01:00 UTC on 2026-03-29.
  berlinBeforeSwitch: '2026-03-29T00:59:59.000Z',
  berlinAfterSwitch: '2026-03-29T01:00:00.000Z',
  // New York moves from -05:00 to -04:00 at 07:00 UTC on 2026-03-08, and back at 06:00 UTC on 2026-11-01.
  newYorkBeforeSwitch: '2026-03-08T06:59:59.000Z',
  newYorkAfterSwitch: '2026-03-08T07:00:00.000Z',
  newYorkFallBack: '2026-11-01T06:30:00.000Z',
};
type Key = keyof typeof AT;
const ids = {} as Record<Key, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
  const stored = t.app.ctx.store.collection('conversations');
  for (const key of Object.keys(AT) as Key[]) {
    const made = (await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: H, payload: { user_id: `ext-${key}`, message: key } })).json();
    const c = (await t.app.ctx.services.conversations.require(t.demo.project_id, made.id))!;
    const at = AT[key];
    await stored.put(t.demo.project_id, { ...c, created_at: at, updated_at: at, last_message_at: at, first_message_at: at, messages: c.messages.map((m) => ({ ...m, created_at: at })) });
    ids[key] = made.id;
  }
});
afterAll(() => t.close());

const setZone = async (timezone: string) => {
  const res = await t.app.inject({ method: 'PATCH', url: '/v1/org', headers: admin.headers, payload: { settings: { timezone } } });
  expect(res.statusCode, res.body).toBe(200);
};
const get = (path: string) => t.app.inject({ method: 'GET', url: `${P}${path}`, headers: H });

/** The CSV's header row and its rows by conversation id. */
async function csvExport(path: string) {
  const res = await get(path);
  expect(res.statusCode).toBe(200);
  const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  return { fields: parsed.meta.fields ?? [], rows: parsed.data };
}

/** The sheet's header row and, per conversation id, the Date of the named column, shown as its cell shows it. */
async function xlsxExport(path: string, idColumn: number, dateColumn: number) {
  const res = await get(path);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const shown = new Map<string, string>();
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const value = row.getCell(dateColumn).value;
    expect(value).toBeInstanceOf(Date);
    // A sheet's date has no zone: exceljs gives its reading as the Date's UTC fields.
    shown.set(String(row.getCell(idColumn).value), (value as Date).toISOString().slice(0, 19).replace('T', ' '));
  });
  return { header, shown };
}

describe('spreadsheet exports in the organization time zone', () => {
  it('writes UTC and says so in the header until a time zone is set', async () => {
    const { fields, rows } = await csvExport('/exports/conversations?format=csv');
    expect(fields).toEqual(expect.arrayContaining(['id', 'created_at (UTC)', 'updated_at (UTC)', 'last_message_at (UTC)', 'status']));
    expect(rows.find((r) => r.id === ids.berlinWinter)!['created_at (UTC)']).toBe('2026-01-15 12:00:00');
  });

  it('reads Berlin clocks in winter, in summer and across the spring switch, in CSV, .xlsx and Markdown', async () => {
    await setZone('Europe/Berlin');
    const want: Partial<Record<Key, string>> = {
      berlinWinter: '2026-01-15 13:00:00',
      berlinSummer: '2026-07-15 14:00:00',
      berlinBeforeSwitch: '2026-03-29 01:59:59',
      berlinAfterSwitch: '2026-03-29 03:00:00',
    };
    const { fields, rows } = await csvExport('/exports/conversations?format=csv');
    expect(fields).toContain('created_at (Europe/Berlin)');
    expect(fields).not.toContain('created_at');
    for (const [key, shown] of Object.entries(want)) {
      const row = rows.find((r) => r.id === ids[key as Key])!;
      expect(row['created_at (Europe/Berlin)'], key).toBe(shown);
      expect(row['last_message_at (Europe/Berlin)'], key).toBe(shown);
    }

    // Messages: conversation_id is column 1, created_at column 4.
    const sheet = await xlsxExport('/exports/messages?format=xlsx', 1, 4);
    expect(sheet.header.slice(0, 4)).toEqual(['conversation_id', 'id', 'seq', 'created_at (Europe/Berlin)']);
    for (const [key, shown] of Object.entries(want)) expect(sheet.shown.get(ids[key as Key]), key).toBe(shown);

    const md = (await get('/exports/conversations?format=md')).body;
    expect(md).toContain('| id | created_at (Europe/Berlin) | updated_at (Europe/Berlin) |');
    expect(md).toContain(`| ${ids.berlinSummer} | 2026-07-15 14:00:00 | 2026-07-15 14:00:00 |`);

    // Machine formats keep ISO 8601 UTC.
    const jsonl = (await get('/exports/messages?format=jsonl')).body.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(jsonl.find((m) => m.conversation_id === ids.berlinSummer).created_at).toBe(AT.berlinSummer);
  });

  it('reads New York clocks on the days daylight saving starts and ends', async () => {
    await setZone('America/New_York');
    const want: Partial<Record<Key, string>> = {
      newYorkBeforeSwitch: '2026-03-08 01:59:59',
      newYorkAfterSwitch: '2026-03-08 03:00:00',
      newYorkFallBack: '2026-11-01 01:30:00',
      berlinSummer: '2026-07-15 08:00:00',
    };
    const { rows } = await csvExport('/exports/messages?format=csv');
    const sheet = await xlsxExport('/exports/conversations?format=xlsx', 1, 2);
    expect(sheet.header.slice(0, 3)).toEqual(['id', 'created_at (America/New_York)', 'updated_at (America/New_York)']);
    for (const [key, shown] of Object.entries(want)) {
      expect(rows.find((r) => r.conversation_id === ids[key as Key])!['created_at (America/New_York)'], key).toBe(shown);
      expect(sheet.shown.get(ids[key as Key]), key).toBe(shown);
    }
    await setZone('UTC');
  });
});
