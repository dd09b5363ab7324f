// Search tables through the real app: upload, bad files, field settings, queries, attachment, permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { SHARD_ROWS } from './service.js';

let t: TestApp;
let auth: Record<string, string>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${t.demo.api_key}` };
  base = `/v1/projects/${t.demo.project_id}/tables`;
});
afterAll(() => t.close());

const PRODUCTS_CSV = [
  'sku,name,category,price,released,in_stock',
  'A1,Trail running shoe,shoes,129.9,2024-03-01,true',
  'A2,"Waterproof hiking boot, leather",shoes,189,2023-10-15,false',
  'B1,Merino wool sock,socks,19.5,2024-01-20,true',
  'C1,"Rain jacket',
  'with hood",jackets,149,2022-09-01,true',
].join('\n');

async function upload(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: base, headers: auth, payload: body });
}

describe('search tables', () => {
  it('uploads a CSV, infers column types and answers text, filter and range queries', async () => {
    const res = await upload({ name: 'Products', format: 'csv', content: PRODUCTS_CSV, filter_fields: ['category', 'in_stock'], range_fields: ['price', 'released'] });
    expect(res.statusCode).toBe(201);
    const table = res.json();
    expect(table.row_count).toBe(4);
    expect(Object.fromEntries(table.columns.map((c: { name: string; type: string }) => [c.name, c.type]))).toEqual({
      sku: 'string', name: 'string', category: 'string', price: 'number', released: 'date', in_stock: 'boolean',
    });
    expect(table.searchable_fields).toEqual(['sku', 'name', 'category']);

    const q = (payload: object) => t.app.inject({ method: 'POST', url: `${base}/${table.id}/query`, headers: auth, payload });
    const text = (await q({ query: 'hiking boots' })).json();
    expect(text.data[0].row.sku).toBe('A2');
    expect(text.data[0].score).toBeGreaterThan(0);

    const shoes = (await q({ filters: { category: 'Shoes' }, ranges: { price: { lt: 150 } } })).json();
    expect(shoes.data.map((h: { row: { sku: string } }) => h.row.sku)).toEqual(['A1']);

    const recent = (await q({ ranges: { released: { gte: '2024-01-01' } }, filters: { in_stock: true } })).json();
    expect(recent.data.map((h: { row: { sku: string } }) => h.row.sku).sort()).toEqual(['A1', 'B1']);
    expect(recent.total).toBe(2);

    const multiline = (await q({ query: 'hood' })).json();
    expect(multiline.data[0].row.name).toBe('Rain jacket\nwith hood');

    const notFilter = await q({ filters: { name: 'x' } });
    expect(notFilter.statusCode).toBe(400);
    expect(notFilter.json().error).toBe('invalid_request');
    const badBound = await q({ ranges: { price: { gte: 'cheap' } } });
    expect(badBound.statusCode).toBe(400);
  });

  it('rejects a bad CSV with the line and the field', async () => {
    const res = await upload({ name: 'Bad', format: 'csv', content: 'sku,name,price\nA1,Shoe,10\n\nA2,Boot\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_file', line: 4, field: 'price' });
  });

  it('rejects bad JSON and JSONL with the line and the field', async () => {
    const json = await upload({ name: 'Bad', format: 'json', content: '[\n  {"id": 1},\n  {"id": 2, "meta": {"x": 1}}\n]' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_file', line: 3, field: 'meta' });

    const syntax = await upload({ name: 'Bad', format: 'json', content: '[\n {"id": 1},\n {"id": 2,,}\n]' });
    expect(syntax.json()).toMatchObject({ error: 'invalid_file', line: 3 });

    const jsonl = await upload({ name: 'Bad', format: 'jsonl', content: '{"id":1}\n{"id":2}\n{"id":3\n' });
    expect(jsonl.statusCode).toBe(400);
    expect(jsonl.json()).toMatchObject({ error: 'invalid_file', line: 3 });
  });

  it('refuses field settings naming unknown columns or ranges over text', async () => {
    const unknown = await upload({ name: 'X', format: 'jsonl', content: '{"a":"x","n":1}', filter_fields: ['nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].path).toBe('filter_fields.0');
    const textRange = await upload({ name: 'X', format: 'jsonl', content: '{"a":"x","n":1}', range_fields: ['a'] });
    expect(textRange.statusCode).toBe(400);
  });

  it('shards large tables, replaces data, updates settings and deletes', async () => {
    const rows = Array.from({ length: SHARD_ROWS * 2 + 5 }, (_, i) => JSON.stringify({ id: i, city: i % 2 ? 'Berlin' : 'Paris', tags: ['t' + (i % 3)] }));
    const res = await upload({ name: 'Offices', format: 'jsonl', content: rows.join('\n'), filter_fields: ['city', 'tags'], range_fields: ['id'] });
    expect(res.statusCode).toBe(201);
    const table = res.json();
    expect(table.row_count).toBe(SHARD_ROWS * 2 + 5);
    const shards = await t.app.ctx.store.collection('search_table_rows').list(t.demo.project_id);
    expect(shards.filter((s) => s.table_id === table.id)).toHaveLength(3);

    const q = (payload: object) => t.app.inject({ method: 'POST', url: `${base}/${table.id}/query`, headers: auth, payload });
    const hits = (await q({ filters: { city: 'paris', tags: 't1' }, ranges: { id: { gte: 0, lt: 20 } }, limit: 100 })).json();
    expect(hits.data.map((h: { row: { id: number } }) => h.row.id)).toEqual([4, 10, 16]);

    const patched = await t.app.inject({ method: 'PATCH', url: `${base}/${table.id}`, headers: auth, payload: { name: 'Office list', filter_fields: ['city'] } });
    expect(patched.json()).toMatchObject({ name: 'Office list', filter_fields: ['city'] });
    expect((await q({ filters: { tags: 't1' } })).statusCode).toBe(400);

    const replaced = await t.app.inject({ method: 'PUT', url: `${base}/${table.id}/data`, headers: auth, payload: { format: 'csv', content: 'id,city\n1,Rome\n2,Oslo' } });
    expect(replaced.json()).toMatchObject({ row_count: 2, filter_fields: ['city'], range_fields: ['id'] });
    expect((await q({ filters: { city: 'oslo' } })).json().data[0].row).toEqual({ id: 2, city: 'Oslo' });
    const after = await t.app.ctx.store.collection('search_table_rows').list(t.demo.project_id);
    expect(after.filter((s) => s.table_id === table.id)).toHaveLength(1);

    const del = await t.app.inject({ method: 'DELETE', url: `${base}/${table.id}`, headers: auth });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${table.id}`, headers: auth })).statusCode).toBe(404);
    const gone = await t.app.ctx.store.collection('search_table_rows').list(t.demo.project_id);
    expect(gone.filter((s) => s.table_id === table.id)).toHaveLength(0);
  });

  it('attaches a table to the default profile under a custom name and refuses clashes', async () => {
    const a = (await upload({ name: 'A', format: 'jsonl', content: '{"q":"x"}' })).json();
    const b = (await upload({ name: 'B', format: 'jsonl', content: '{"q":"y"}' })).json();
    const put = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `${base}/${id}/attachment`, headers: auth, payload });
    const attached = await put(a.id, { name: 'order_status', description: 'Look up an order' });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().attachments).toMatchObject([{ profile_id: 'default', name: 'order_status', description: 'Look up an order' }]);
    expect((await put(b.id, { name: 'order_status', description: 'dup' })).statusCode).toBe(409);
    expect((await put(b.id, { name: 'search_knowledge', description: 'builtin' })).statusCode).toBe(409);
    expect((await put(b.id, { name: 'has spaces', description: 'x' })).statusCode).toBe(400);
    expect((await t.app.ctx.services.tables.attached(t.demo.project_id)).map((x) => x.name)).toEqual(['order_status']);
    const detached = await t.app.inject({ method: 'DELETE', url: `${base}/${a.id}/attachment`, headers: auth });
    expect(detached.json().attachments).toEqual([]);
    const list = (await t.app.inject({ method: 'GET', url: `${base}?limit=1`, headers: auth })).json();
    expect(list.data).toHaveLength(1);
    expect(list.has_more).toBe(true);
  });

  it('needs table:read / table:write and documents the routes in OpenAPI', async () => {
    const { key } = await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'reader', permissions: ['table:read'], environment: t.config.env });
    const res = await t.app.inject({ method: 'POST', url: base, headers: { authorization: `Bearer ${key}` }, payload: { name: 'x', format: 'csv', content: 'a\n1' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().required_permissions).toEqual(['table:write']);
    expect((await t.app.inject({ method: 'GET', url: base, headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(spec.paths['/v1/projects/{project_id}/tables/{table_id}/query'].post['x-required-permissions']).toEqual(['table:read']);
  });
});
