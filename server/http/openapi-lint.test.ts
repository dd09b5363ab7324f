// The served OpenAPI document under Redocly's recommended rules (the linter's own ruleset, run
// in-process, no network): generated clients need an operationId per operation, and every operation
// must say who may call it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { idFromRoute, idFromSummary } from './operation-ids.js';

let t: TestApp;
let body: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  body = res.body;
});
afterAll(() => t.close());

type Op = { operationId?: string; security?: unknown[]; summary?: string };
const operations = () =>
  Object.entries(JSON.parse(body).paths as Record<string, Record<string, Op>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI document', () => {
  it('is clean under the recommended ruleset', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: body, absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    // The project declares no license yet (package.json has none); that is the maintainers' call,
    // not something the document may invent. Every other rule must pass.
    expect(found.filter((p) => !p.startsWith('info-license'))).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId and a security declaration', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const ids = ops.map(({ op }) => op.operationId);
    for (const { label, op } of ops) {
      expect(op.operationId, label).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(Array.isArray(op.security), label).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const byLabel = Object.fromEntries(ops.map(({ label, op }) => [label, op.operationId]));
    expect(byLabel['GET /v1/projects/{project_id}/conversations']).toBe('listConversations');
    expect(byLabel['POST /v1/org/login']).toBe('signInTeamMember');
  });

  it('derives ids from the summary, falling back to method and path', () => {
    expect(idFromSummary('Upload a search table (CSV, JSON array or JSONL)')).toBe('uploadSearchTable');
    expect(idFromSummary('Plan, rate limits and this period’s billed usage')).toBe('planRateLimits');
    expect(idFromSummary('Create a conversation with its first user message')).toBe('createConversation');
    expect(idFromSummary('Projects of the organization')).toBe('projectsOfOrganization');
    expect(idFromSummary('Get a sync job: status, progress and failures')).toBe('getSyncJob');
    expect(idFromRoute('get', '/v1/projects/{project_id}/users/{user_id}')).toBe('getProjectsByProjectIdUsersByUserId');
  });
});
