// POST /v1/widget/voice on the real app: the visitor's gateway tokens, CORS, limits and real
// transcription of flite speech through ffmpeg and PocketSphinx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget } from '../widget/test-client.js';
import { speechWav, transcode } from '../../../tests/fixtures/speech.js';

let t: TestApp;
let base: string;
let dir: string;
let webm: Buffer;
let deviceToken: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-voice-route-'));
  webm = await readFile(await transcode(await speechWav('What are your opening hours', join(dir, 'q.wav')), join(dir, 'q.webm'), ['-c:a', 'libopus']));
  t = await createTestApp();
  base = await t.listen();
  const ws = await connectWidget(base, base);
  ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
  deviceToken = (await ws.next('session.welcome')).device_token;
  ws.close();
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const post = (headers: Record<string, string>, body: Buffer = webm, query = '') =>
  fetch(`${base}/v1/widget/voice?frame_id=${t.demo.frame_id}${query}`, { method: 'POST', headers: { 'content-type': 'audio/webm;codecs=opus', ...headers }, body: new Uint8Array(body) });

describe('POST /v1/widget/voice', () => {
  it('transcribes for a visitor holding a device token', async () => {
    const res = await post({ 'x-parley-device': deviceToken, origin: base });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(base);
    const body = (await res.json()) as { text: string; engine: string; language: string };
    expect(body.text).toContain('opening hours');
    expect(body).toMatchObject({ engine: 'offline', language: 'en' });
  });

  it('refuses missing or forged tokens, foreign origins and unknown widgets', async () => {
    expect((await post({})).status).toBe(401);
    const forged = deviceToken.slice(0, -4) + 'AAAA';
    expect(await (await post({ 'x-parley-device': forged })).json()).toMatchObject({ error: 'unauthorized' });
    expect(await (await post({ 'x-parley-device': deviceToken, 'x-parley-session': 'pv1.session.x.y' })).json()).toMatchObject({ error: 'unauthorized' });
    const evil = await post({ 'x-parley-device': deviceToken, origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const unknown = await fetch(`${base}/v1/widget/voice?frame_id=fr_nope`, { method: 'POST', headers: { 'content-type': 'audio/webm', 'x-parley-device': deviceToken }, body: new Uint8Array(webm) });
    expect(unknown.status).toBe(404);
  });

  it('refuses a device that logged out (its binding was rotated)', async () => {
    const ws = await connectWidget(base, base);
    ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
    const old = (await ws.next('session.welcome')).device_token;
    ws.send({ type: 'identity.logout' });
    const fresh = (await ws.next('session.welcome')).device_token;
    ws.close();
    expect(await (await post({ 'x-parley-device': old }, Buffer.from('x'))).json()).toMatchObject({ error: 'unauthorized' });
    // The rotated device may still speak (an empty body proves the tokens passed: the service checks it).
    expect(await (await post({ 'x-parley-device': fresh }, Buffer.alloc(0))).json()).toMatchObject({ error: 'invalid_request' });
  });

  it('answers the CORS preflight for allowed origins only', async () => {
    const ok = await fetch(`${base}/v1/widget/voice?frame_id=${t.demo.frame_id}`, { method: 'OPTIONS', headers: { origin: base, 'access-control-request-method': 'POST' } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-parley-device');
    const bad = await fetch(`${base}/v1/widget/voice?frame_id=${t.demo.frame_id}`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(bad.status).toBe(403);
  });

  it('gives stable error codes for another language, other types and oversized bodies', async () => {
    const h = { 'x-parley-device': deviceToken };
    expect(await (await post(h, webm, '&language=de-DE')).json()).toMatchObject({ error: 'unsupported_language', supported_languages: ['en'] });
    const typed = await fetch(`${base}/v1/widget/voice?frame_id=${t.demo.frame_id}`, { method: 'POST', headers: { ...h, 'content-type': 'image/png' }, body: new Uint8Array(webm) });
    expect(await typed.json()).toMatchObject({ error: 'unsupported_media_type' });
    const big = await post(h, Buffer.alloc(4 * 1024 * 1024 + 10));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'payload_too_large' });
  });
});
