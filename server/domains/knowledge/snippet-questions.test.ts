// A snippet's alternative questions over the real API (docs/knowledge.md "Knowledge gaps"): stored,
// cleaned, indexed as chunks of their own, so a phrasing other than the FAQ question finds the snippet
// and is answered directly from it; removing them takes them out of the index again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { cleanAlternatives, withAlternativeChunks } from './snippet-questions.js';

let t: TestApp;
let base: string;
const auth = () => ({ authorization: `Bearer ${t.demo.api_key}` });

async function api(method: string, url: string, body?: unknown) {
  const res = await t.app.inject({ method: method as 'GET', url: `${base}${url}`, headers: auth(), payload: body as object });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

beforeAll(async () => {
  t = await createTestApp();
  base = `/v1/projects/${t.demo.project_id}`;
});
afterAll(() => t.close());

describe('cleanAlternatives', () => {
  it('trims, drops blanks and repeats of each other or of the question, ignoring case and punctuation', () => {
    expect(cleanAlternatives('Do you ship abroad?', ['  do you ship abroad ', 'Ship  to Norway?', 'ship to norway', '', 'Abroad shipping'])).toEqual(['Ship to Norway?', 'Abroad shipping']);
    expect(cleanAlternatives(null, undefined)).toEqual([]);
  });
  it('adds one chunk per alternative with the first chunk as its text', () => {
    const chunks = withAlternativeChunks([{ headings: [], text: 'Yes.' }, { headings: ['More'], text: 'Details.' }], ['A?', 'B?']);
    expect(chunks.map((c) => [c.text, (c as { question?: string }).question ?? null])).toEqual([['Yes.', null], ['Details.', null], ['Yes.', 'A?'], ['Yes.', 'B?']]);
  });
});

describe('snippets with alternative questions', () => {
  let providerId: string;
  let snippetId: string;

  it('stores them and answers a phrasing other than the FAQ question from the snippet', async () => {
    providerId = (await api('POST', '/data-providers', { type: 'manual', name: 'Bike FAQ' })).body.id;
    const created = await api('POST', `/data-providers/${providerId}/snippets`, {
      question: 'Can I rent a tandem bicycle?',
      alternative_questions: ['Do you have bikes for two riders?', ' can i rent a tandem bicycle ', 'Is there a two-seater bike to hire?'],
      content: 'Yes: two tandems are for hire at the harbour kiosk, 30 euros a day.',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    snippetId = created.body.id;
    expect(created.body.alternative_questions).toEqual(['Do you have bikes for two riders?', 'Is there a two-seater bike to hire?']);
    expect(created.body.chunk_count).toBe(3);
    expect((await api('GET', `/snippets/${snippetId}`)).body.alternative_questions).toHaveLength(2);

    const chunks = (await api('GET', `/sources/${snippetId}/chunks`)).body.data;
    expect(chunks.map((c: { question?: string }) => c.question ?? null)).toEqual([null, 'Do you have bikes for two riders?', 'Is there a two-seater bike to hire?']);

    const hits = (await api('GET', `/knowledge/search?query=${encodeURIComponent('bikes for two riders')}`)).body.data;
    expect(hits[0]).toMatchObject({ source_id: snippetId, question: 'Do you have bikes for two riders?' });

    const tested = (await api('POST', '/knowledge/test', { question: 'Do you have bikes for two riders?' })).body;
    expect(tested.answer.outcome).toBe('answer');
    expect(tested.answer.content).toContain('harbour kiosk');
    expect(tested.answer.sources[0].source_id).toBe(snippetId);
  });

  it('keeps them across an edit that leaves them out, and drops them when set to []', async () => {
    const edited = await api('PATCH', `/snippets/${snippetId}`, { content: 'Yes: three tandems are for hire at the harbour kiosk.' });
    expect(edited.body.alternative_questions).toHaveLength(2);
    expect(edited.body.chunk_count).toBe(3);
    const cleared = await api('PATCH', `/snippets/${snippetId}`, { alternative_questions: [] });
    expect(cleared.body).toMatchObject({ alternative_questions: [], chunk_count: 1 });
    const hits = (await api('GET', `/knowledge/search?query=${encodeURIComponent('bikes for two riders')}`)).body.data;
    expect(hits.some((h: { question?: string }) => h.question === 'Do you have bikes for two riders?')).toBe(false);
  });

  it('refuses more than 50 or a non-string', async () => {
    const many = await api('POST', `/data-providers/${providerId}/snippets`, { content: 'x', alternative_questions: Array.from({ length: 51 }, (_, i) => `q${i}`) });
    expect(many.status).toBe(400);
    const wrong = await api('POST', `/data-providers/${providerId}/snippets`, { content: 'x', alternative_questions: [3] });
    expect(wrong.status).toBe(400);
  });
});
