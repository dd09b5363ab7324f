// Widget assets go out compressed (spec 8.2 hosting): the real vite build writes .br and .gz beside
// each asset, and the real app sends the variant Accept-Encoding prefers, with `Vary: Accept-Encoding`,
// its own ETag and a Content-Length that matches the bytes on the wire; identity otherwise.
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { ensureWidgetBuilt } from '../../../tests/browser/harness.js';
import { DEFAULT_WIDGET_DIR } from './build.js';

let t: TestApp;
let base: string;
let info: { loader: string; loader_hashed: string; app: string };

beforeAll(async () => {
  ensureWidgetBuilt();
  info = JSON.parse(readFileSync(join(DEFAULT_WIDGET_DIR, 'widget.json'), 'utf8'));
  t = await createTestApp({ widgetDir: DEFAULT_WIDGET_DIR });
  base = await t.listen();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const onDisk = (file: string) => readFileSync(join(DEFAULT_WIDGET_DIR, file));

/** A real HTTP request on the real port: the headers and the bytes exactly as they cross the wire. */
function wire(path: string, acceptEncoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed widget assets', () => {
  it('sends brotli to a browser that accepts br and gzip, with Vary, Content-Length and its own ETag', async () => {
    const app = onDisk(info.app);
    const res = await wire(`/widget/${info.app}`, 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(app.length / 2);
    expect(brotliDecompressSync(res.body).equals(app)).toBe(true);

    const plain = await get(`/widget/${info.app}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.rawPayload.equals(app)).toBe(true);
    expect(res.headers.etag).not.toBe(plain.headers.etag);
  });

  it('sends gzip when brotli is not accepted, and identity when nothing is', async () => {
    const app = onDisk(info.app);
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=0.5, identity;q=0.1']) {
      const res = await get(`/widget/${info.app}`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(gunzipSync(res.rawPayload).equals(app)).toBe(true);
    }
    for (const accept of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await get(`/widget/${info.app}`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.rawPayload.equals(app)).toBe(true);
    }
  });

  it('compresses the stable loader URL, the hashed loader and lazy chunks too', async () => {
    const loader = onDisk(info.loader_hashed);
    for (const path of ['/widget/loader.js', `/widget/${info.loader_hashed}`]) {
      const res = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).equals(loader)).toBe(true);
    }
    const built = JSON.parse(onDisk('widget.json').toString()) as { files: string[] };
    const chunk = built.files.find((f) => f.startsWith('chunks/'));
    if (chunk) expect((await get(`/widget/${chunk}`, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('revalidates each encoding against its own ETag', async () => {
    const br = await get(`/widget/${info.app}`, { 'accept-encoding': 'br' });
    const same = await get(`/widget/${info.app}`, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(same.statusCode).toBe(304);
    expect(same.headers.vary).toMatch(/accept-encoding/i);
    // The brotli ETag does not validate a gzip response: the cache must fetch the gzip bytes.
    const other = await get(`/widget/${info.app}`, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('does not serve the compressed copies as assets of their own', async () => {
    for (const ext of ['br', 'gz']) expect((await get(`/widget/${info.app}.${ext}`)).statusCode).toBe(404);
  });
});
