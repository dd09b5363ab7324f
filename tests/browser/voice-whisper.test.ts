// Voice input with the OpenAI-compatible engine (spec 10) in real Chromium: a scripted Whisper-style
// server on 127.0.0.1 stands in for the outer service. The widget's real MediaRecorder upload reaches
// it as multipart audio without a language hint (Whisper detects the language itself); its answer
// lands in the composer; an upstream failure becomes a clear message in the visitor's language and
// typing keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import { CHROMIUM_ARGS, ensureWidgetBuilt } from './harness.js';
import { fakeMicWav } from '../fixtures/speech.js';
import { allowOrigins, hostPage, inShadow, startHostSite } from './host-site.js';

let t: TestApp;
let browser: Browser;
let dir: string;
let whisper: Server;
let host: Awaited<ReturnType<typeof startHostSite>>;
const uploads: { model: string; type: string; size: number; language: string | null }[] = [];
let fail = false;

beforeAll(async () => {
  ensureWidgetBuilt();
  dir = await mkdtemp(join(tmpdir(), 'parley-voice-whisper-'));
  const wav = await fakeMicWav('Ich möchte mein Passwort zurücksetzen', join(dir, 'mic.wav'));
  whisper = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = await new Request('http://x', { method: 'POST', headers: req.headers as HeadersInit, body: Buffer.concat(chunks) }).formData();
    const file = form.get('file') as File;
    uploads.push({ model: String(form.get('model')), type: file.type, size: file.size, language: form.get('language') as string | null });
    if (fail) return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text: ' Ich möchte mein Passwort zurücksetzen. ', language: 'german', duration: 2.4 }));
  });
  await new Promise<void>((r) => whisper.listen(0, '127.0.0.1', r));
  const port = (whisper.address() as { port: number }).port;
  t = await createTestApp({ stt: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-whisper', model: 'whisper-1' } });
  const base = await t.listen();
  host = await startHostSite(() => hostPage(base, t.demo.frame_id, { locale: 'de' }));
  await allowOrigins(t, [host.origin]);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`],
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await host?.close();
  await new Promise<void>((r) => (whisper ? whisper.close(() => r()) : r()));
  await rm(dir, { recursive: true, force: true });
});

async function recordOnce() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${host.origin}/hilfe`);
  const w = inShadow(page, t.demo.frame_id);
  await w.getByRole('button', { name: 'Sprachnachricht aufnehmen' }).click();
  await w.locator('.voice-time', { hasText: /[2-9] s/ }).waitFor({ timeout: 20_000 });
  await w.getByRole('button', { name: 'Aufnahme beenden und umwandeln' }).click();
  return { context, page, w };
}

describe('voice input through an OpenAI-compatible /audio/transcriptions', () => {
  it('sends the browser recording as is and puts the detected-language transcript in the composer', async () => {
    fail = false;
    const { context, w } = await recordOnce();
    await expect.poll(() => w.locator('textarea.input').inputValue(), { timeout: 20_000 }).toBe('Ich möchte mein Passwort zurücksetzen.');
    await w.locator('.voice-notice', { hasText: 'Der Text steht im Eingabefeld' }).waitFor();
    expect(uploads.at(-1)).toMatchObject({ model: 'whisper-1', type: 'audio/webm', language: null });
    expect(uploads.at(-1)!.size).toBeGreaterThan(1000);
    // The visitor sends it; the agent answers in text.
    await w.locator('textarea.input').press('Enter');
    await w.locator('li.msg-user:not(:has(.status))', { hasText: 'Passwort' }).waitFor();
    await w.locator('li.msg-assistant[data-id]').first().waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('says clearly when transcription fails, and typing still works', async () => {
    fail = true;
    const { context, w } = await recordOnce();
    await w.locator('.voice-notice', { hasText: 'Die Aufnahme konnte nicht umgewandelt werden' }).waitFor({ timeout: 20_000 });
    expect(await w.locator('textarea.input').inputValue()).toBe('');
    await w.locator('textarea.input').fill('Dann eben getippt');
    await w.locator('textarea.input').press('Enter');
    await w.locator('li.msg-user:not(:has(.status))', { hasText: 'Dann eben getippt' }).waitFor();
    await context.close();
  });
});
