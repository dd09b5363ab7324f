// Unitools over the real app (spec 2.9; docs/behaviour.md "Unitools"): CRUD, the validation errors,
// secrets sealed at rest and never returned, and test-runs of a Python and a Shell tool through the
// bubblewrap sandbox with arguments and a secret.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const PY = `import json, os, sys
args = json.load(sys.stdin)
print(json.dumps({"order": args["order_id"], "status": "shipped", "token_len": len(os.environ.get("SHOP_TOKEN", ""))}))`;
const SH = `read -r args
echo "{\\"echo\\": $args, \\"token_len\\": \${#SHOP_TOKEN}}"`;
const ORDER_PARAMS = { type: 'object', properties: { order_id: { type: 'string', pattern: '^A-[0-9]+$' } }, required: ['order_id'], additionalProperties: false };

describe('Unitools API', () => {
  let t: TestApp;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const url = (path = '') => `/v1/projects/${t.demo.project_id}/unitools${path}`;
  const create = (payload: object) => t.app.inject({ method: 'POST', url: url(), headers: H(), payload });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates, lists, reads, changes and deletes a tool; secrets show by name only and are sealed on disk', async () => {
    const res = await create({ name: 'order_status', description: 'Status of an order', parameters: ORDER_PARAMS, code: PY, language: 'python', secrets: { SHOP_TOKEN: 's3cr3t-value-9f3' }, profile_ids: ['default'] });
    expect(res.statusCode, res.body).toBe(201);
    const tool = res.json();
    expect(tool).toMatchObject({ name: 'order_status', language: 'python', timeout_ms: 5000, memory_mb: 128, secret_names: ['SHOP_TOKEN'], profile_ids: ['default'] });
    expect(res.body).not.toContain('s3cr3t-value-9f3');
    expect(tool.secrets).toBeUndefined();

    const list = (await t.app.inject({ method: 'GET', url: url(), headers: H() })).json();
    expect(list.data.map((x: { id: string }) => x.id)).toContain(tool.id);
    expect(JSON.stringify(list)).not.toContain('s3cr3t-value-9f3');

    // At rest: nowhere in the data files in clear text.
    const files = (await readdir(t.dataDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    const disk = (await Promise.all(files.map((f) => readFile(join(f.parentPath, f.name), 'utf8')))).join('\n');
    expect(disk).toContain('order_status');
    expect(disk).not.toContain('s3cr3t-value-9f3');

    const patched = await t.app.inject({ method: 'PATCH', url: url(`/${tool.id}`), headers: H(), payload: { timeout_ms: 2000, secrets: { OTHER_KEY: 'x' } } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ timeout_ms: 2000, secret_names: ['OTHER_KEY', 'SHOP_TOKEN'] });
    const removedSecret = await t.app.inject({ method: 'PATCH', url: url(`/${tool.id}`), headers: H(), payload: { secrets: { OTHER_KEY: null } } });
    expect(removedSecret.json().secret_names).toEqual(['SHOP_TOKEN']);

    expect((await t.app.inject({ method: 'DELETE', url: url(`/${tool.id}`), headers: H() })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: url(`/${tool.id}`), headers: H() })).json()).toMatchObject({ error: 'not_found' });
  });

  it('refuses bad input with stable codes', async () => {
    const base = { description: 'd', code: 'print(1)', language: 'python' };
    const cases: [object, number, string][] = [
      [{ ...base, name: 'Bad-Name' }, 400, 'invalid_request'],
      [{ ...base, name: 'search_knowledge' }, 400, 'reserved_tool_name'],
      [{ ...base, name: 'ok_name', parameters: { type: 'string' } }, 400, 'invalid_tool_schema'],
      [{ ...base, name: 'ok_name', parameters: { type: 'object', properties: { a: { type: 'nonsense' } } } }, 400, 'invalid_tool_schema'],
      [{ ...base, name: 'ok_name', parameters: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } }, 400, 'invalid_tool_schema'],
      // Patterns that backtrack catastrophically on some arguments, or that RE2 cannot run.
      [{ ...base, name: 'ok_name', parameters: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } } }, 400, 'invalid_tool_schema'],
      [{ ...base, name: 'ok_name', parameters: { type: 'object', properties: { a: { type: 'string', pattern: '^(?!x)' } } } }, 400, 'invalid_tool_schema'],
      [{ ...base, name: 'ok_name', language: 'ruby' }, 400, 'invalid_request'],
      [{ ...base, name: 'ok_name', timeout_ms: 60_000 }, 400, 'invalid_request'],
      [{ ...base, name: 'ok_name', memory_mb: 1 }, 400, 'invalid_request'],
      [{ ...base, name: 'ok_name', secrets: { 'lower-case': 'x' } }, 400, 'invalid_request'],
      [{ ...base, name: 'ok_name', secrets: { LD_PRELOAD: '/tmp/x.so' } }, 400, 'invalid_request'],
      [{ ...base, name: 'ok_name', profile_ids: ['no-such-profile'] }, 400, 'unknown_profile'],
      [{ ...base, name: 'ok_name', extra: 1 }, 400, 'invalid_request'],
    ];
    for (const [payload, status, error] of cases) {
      const res = await create(payload);
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(status);
      expect(res.json().error, JSON.stringify(payload)).toBe(error);
    }
    expect((await create({ ...base, name: 'twice' })).statusCode).toBe(201);
    expect((await create({ ...base, name: 'twice' })).json()).toMatchObject({ error: 'conflict' });
    const readOnly = (await t.app.ctx.services.apiKeys.create(t.demo.project_id, { name: 'r', permissions: ['project:read'], environment: 'test' })).key;
    const denied = await t.app.inject({ method: 'POST', url: url(), headers: { authorization: `Bearer ${readOnly}` }, payload: { ...base, name: 'nope' } });
    expect(denied.json()).toMatchObject({ error: 'insufficient_permissions' });
    expect((await t.app.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${readOnly}` } })).statusCode).toBe(200);
  });

  it('test-runs a Python tool with arguments and a secret', async () => {
    const tool = (await create({ name: 'py_order', description: 'Order status', parameters: ORDER_PARAMS, code: PY, language: 'python', secrets: { SHOP_TOKEN: 's3cr3t-value-9f3' } })).json();
    const res = await t.app.inject({ method: 'POST', url: url(`/${tool.id}/test-run`), headers: H(), payload: { arguments: { order_id: 'A-101' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, result: { order: 'A-101', status: 'shipped', token_len: 16 }, stdout_truncated: false, exit: { code: 0, signal: null } });

    const bad = await t.app.inject({ method: 'POST', url: url(`/${tool.id}/test-run`), headers: H(), payload: { arguments: { order_id: 'drop table' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_arguments', details: [{ path: 'arguments/order_id' }] });
  });

  it('test-runs a Shell tool with arguments and a secret', async () => {
    const tool = (await create({ name: 'sh_echo', description: 'Echo', code: SH, language: 'shell', parameters: { type: 'object', properties: { n: { type: 'integer' } } }, secrets: { SHOP_TOKEN: 's3cr3t-value-9f3' } })).json();
    const res = await t.app.inject({ method: 'POST', url: url(`/${tool.id}/test-run`), headers: H(), payload: { arguments: { n: 7 } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, result: { echo: { n: 7 }, token_len: 16 } });
  });

  it('reports a failing tool as a result, not as an error of the API', async () => {
    const tool = (await create({ name: 'fails', description: 'Fails', code: 'echo "no such order" >&2; exit 3', language: 'shell' })).json();
    const res = await t.app.inject({ method: 'POST', url: url(`/${tool.id}/test-run`), headers: H(), payload: { arguments: {} } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'exit_status' }, exit: { code: 3 } });
    expect(res.json().error.message).toContain('no such order');
  });
});
