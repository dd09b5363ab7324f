// Every URL the knowledge API accepts goes through the one WebUrl schema (shared/schemas/web-url.ts):
// absolute http(s) only, a clear 400 invalid_request otherwise, and nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { isWebUrl } from '../../../shared/schemas/web-url.js';

const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://example.com/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/file',
  'mailto:someone@example.com',
  '//evil.example/path',
  '/relative/page',
  'example.com/page',
  'https://',
  'https://user:secret@example.com/',
  'https://example.com@evil.example/',
  'http:\\\\evil.example\\',
  'https://exa mple.com/',
  'https://example.com/ page',
  'https://example.com/\n',
];
const ACCEPTED = ['https://example.com', 'http://example.com/help/billing?x=1#plans', 'HTTPS://EXAMPLE.COM/A', 'https://[2001:db8::1]:8443/p', 'https://example.com/a@b'];

let t: TestApp;
let base: string;
let auth: Record<string, string>;
let manualId: string;
let snippetId: string;

async function api(method: string, url: string, body?: unknown) {
  const res = await t.app.inject({ method: method as 'GET', url: `${base}${url}`, headers: auth, payload: body as object });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${t.demo.api_key}` };
  base = `/v1/projects/${t.demo.project_id}`;
  manualId = (await api('POST', '/data-providers', { type: 'manual', name: 'FAQ' })).body.id;
  snippetId = (await api('POST', `/data-providers/${manualId}/snippets`, { content: 'Refunds take five days.', url: 'https://example.com/refunds' })).body.id;
});
afterAll(() => t?.close());

/** Each place a URL is accepted: the request that puts `url` there, and the field path in the error. */
const PLACES: { name: string; path: string; send: (url: string) => Promise<{ status: number; body: { error: string; message: string; details: { path: string; message: string }[] } }> }[] = [
  { name: 'snippet create', path: 'url', send: (url) => api('POST', `/data-providers/${manualId}/snippets`, { content: 'x', url }) },
  { name: 'snippet update', path: 'url', send: (url) => api('PATCH', `/snippets/${snippetId}`, { url }) },
  {
    name: 'crawler start_urls',
    path: 'crawler.start_urls.0',
    send: (url) => api('POST', '/data-providers', { type: 'web_crawler', name: 'Site', crawler: { start_urls: [url] } }),
  },
  {
    name: 'crawler sitemap_url',
    path: 'crawler.sitemap_url',
    send: (url) => api('POST', '/data-providers', { type: 'web_crawler', name: 'Site', crawler: { sitemap_url: url } }),
  },
  { name: 'wiki base_url', path: 'wiki.base_url', send: (url) => api('POST', '/data-providers', { type: 'wiki', name: 'Wiki', wiki: { base_url: url } }) },
  { name: 'provider update', path: 'wiki.base_url', send: (url) => api('PATCH', `/data-providers/${manualId}`, { wiki: { base_url: url } }) },
];

describe('web URLs (snippet and source url, crawler and wiki addresses)', () => {
  it.each([...REFUSED, ''])('isWebUrl refuses %j', (url) => expect(isWebUrl(url)).toBe(false));
  it.each(ACCEPTED)('isWebUrl accepts %j', (url) => expect(isWebUrl(url)).toBe(true));

  it.each(PLACES.map((p) => [p.name, p] as const))('%s refuses every non-http(s) URL with a clear 400', async (_name, place) => {
    for (const url of REFUSED) {
      const res = await place.send(url);
      expect(res.status, JSON.stringify(url)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.details[0]).toEqual({ path: `body.${place.path}`, message: 'must be an absolute http:// or https:// URL' });
      expect(res.body.message).toBe(`body.${place.path}: must be an absolute http:// or https:// URL`);
    }
  });

  it('stores nothing for a refused URL and hands accepted ones back unchanged', async () => {
    const before = (await api('GET', `/snippets?data_provider_id=${manualId}`)).body.data.length;
    expect((await api('POST', `/data-providers/${manualId}/snippets`, { content: 'x', url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await api('GET', `/snippets?data_provider_id=${manualId}`)).body.data.length).toBe(before);
    expect((await api('GET', `/snippets/${snippetId}`)).body.url).toBe('https://example.com/refunds');
    for (const url of ACCEPTED) {
      const created = await api('POST', `/data-providers/${manualId}/snippets`, { content: 'Accepted link.', url });
      expect(created.status, url).toBe(201);
      expect(created.body.url).toBe(url);
      expect((await api('GET', `/sources/${created.body.id}/chunks`)).body.source.url).toBe(url);
    }
    expect((await api('PATCH', `/snippets/${snippetId}`, { url: null })).body.url).toBeNull();
    // An empty string means "no link" (an empty form field), never a stored "".
    expect((await api('POST', `/data-providers/${manualId}/snippets`, { content: 'No link.', url: '' })).body.url).toBeNull();
  });
});
