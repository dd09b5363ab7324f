// Voice input end to end in real Chromium (spec 10): a fake microphone plays speech made
// with flite; the widget records it with MediaRecorder, the server transcribes it (ffmpeg +
// PocketSphinx), the transcript lands in the message box, the visitor sends it and gets an answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createTestApp, type TestApp } from '../../server/testing/test-app.js';
import { CHROMIUM_ARGS, ensureWidgetBuilt } from './harness.js';
import { fakeMicWav } from '../fixtures/speech.js';
import { allowOrigins, hostPage, inShadow, startHostSite } from './host-site.js';

let t: TestApp;
let base: string;
let site: string;
let insecure: string;
let browser: Browser;
let dir: string;
let host: Awaited<ReturnType<typeof startHostSite>>;

beforeAll(async () => {
  ensureWidgetBuilt();
  dir = await mkdtemp(join(tmpdir(), 'parley-voice-browser-'));
  const wav = await fakeMicWav('I want to reset my password', join(dir, 'mic.wav'));
  t = await createTestApp();
  base = await t.listen();
  host = await startHostSite((path) => hostPage(base, t.demo.frame_id, { locale: path.includes('lang=de') ? 'de' : undefined }));
  site = host.origin; // a secure context (localhost), another site than BASE_URL
  insecure = `http://shop.test:${host.port}`; // plain http on a real name: no microphone API at all
  await allowOrigins(t, [site, insecure]);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--host-resolver-rules=MAP shop.test 127.0.0.1',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

async function open(origin: string, path = '/help', options: { clock?: boolean } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (options.clock) await page.clock.install();
  await page.goto(`${origin}${path}`);
  const w = inShadow(page, t.demo.frame_id);
  await w.locator('section.panel').waitFor();
  return { context, page, w, errors };
}

describe('voice input in Chromium', () => {
  it('records, transcribes into the message box, and the visitor sends it and gets an answer', async () => {
    const { context, w, errors } = await open(site);
    const mic = w.getByRole('button', { name: 'Record a voice message' });
    await mic.click();
    // Recording state: the stop and cancel controls, the elapsed time and a level meter.
    const stop = w.getByRole('button', { name: 'Stop recording and transcribe' });
    await stop.waitFor();
    await w.getByRole('button', { name: 'Cancel recording' }).waitFor();
    await w.locator('[role="meter"]').waitFor();
    // Typing stays possible while recording.
    expect(await w.locator('textarea.input').isEditable()).toBe(true);
    // The phrase lasts about two seconds; wait until the widget has recorded four.
    await w.locator('.voice-time', { hasText: /[4-9]s|\d\d/ }).waitFor({ timeout: 20_000 });
    await stop.click();
    await expect.poll(() => w.locator('textarea.input').inputValue(), { timeout: 30_000 }).toMatch(/password/);
    const said = await w.locator('textarea.input').inputValue();
    expect(said).toMatch(/reset/);
    await w.locator('.voice-notice', { hasText: 'Transcript added' }).waitFor();

    await w.locator('textarea.input').press('Enter');
    await w.locator('li.msg-user .bubble', { hasText: 'password' }).waitFor();
    await w.locator('li.msg-assistant[data-id]').first().waitFor({ timeout: 30_000 });
    // The answer is text; the conversation holds exactly what was sent.
    const record = (await t.app.ctx.services.conversations.list(t.demo.project_id)).at(-1)!;
    expect(record.messages[0]).toMatchObject({ role: 'user', content: said.trim() });
    expect(record.messages.some((m) => m.role === 'assistant' && m.content.length > 0)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cancelled recording leaves the message box as it was', async () => {
    const { context, w } = await open(site);
    await w.locator('textarea.input').fill('typed text');
    await w.getByRole('button', { name: 'Record a voice message' }).click();
    await w.getByRole('button', { name: 'Cancel recording' }).click();
    await w.getByRole('button', { name: 'Record a voice message' }).waitFor();
    expect(await w.locator('textarea.input').inputValue()).toBe('typed text');
    await context.close();
  });

  it('says clearly when the microphone is blocked, or when there is none', async () => {
    // Other browsers: one that denies permission prompts, one on this machine's (absent) real devices.
    for (const [flags, text] of [
      [['--deny-permission-prompts', '--use-fake-device-for-media-stream'], 'Microphone access was blocked'],
      [['--use-fake-ui-for-media-stream'], 'No microphone was found'],
    ] as const) {
      const other = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...flags] });
      try {
        const page = await (await other.newContext()).newPage();
        await page.goto(`${site}/help`);
        const w = inShadow(page, t.demo.frame_id);
        await w.getByRole('button', { name: 'Record a voice message' }).click();
        await w.locator('.voice-notice', { hasText: text }).waitFor();
        expect(await w.getByRole('button', { name: 'Stop recording and transcribe' }).count()).toBe(0);
      } finally {
        await other.close();
      }
    }
  });

  it('stops by itself at the length limit and says so', async () => {
    // Playwright's clock: the page's Date and timers jump a minute ahead instead of the test waiting.
    const { context, page, w } = await open(site, '/help', { clock: true });
    await w.getByRole('button', { name: 'Record a voice message' }).click();
    await w.locator('.voice-time', { hasText: /[2-9]s/ }).waitFor({ timeout: 20_000 });
    await page.clock.fastForward('01:00');
    await w.locator('.voice-notice', { hasText: 'Recordings can be at most 60 seconds long.' }).waitFor({ timeout: 30_000 });
    // What was recorded up to the limit is still transcribed into the message box.
    expect(await w.locator('textarea.input').inputValue()).toMatch(/password/);
    await w.getByRole('button', { name: 'Record a voice message' }).waitFor();
    await context.close();
  });

  it('the offline engine says honestly that it understands English only', async () => {
    const { context, w } = await open(site, '/help?lang=de');
    await w.getByRole('button', { name: 'Sprachnachricht aufnehmen' }).click();
    await w.locator('.voice-time', { hasText: /[2-9] s/ }).waitFor({ timeout: 20_000 });
    await w.getByRole('button', { name: 'Aufnahme beenden und umwandeln' }).click();
    await w.locator('.voice-notice', { hasText: 'Die Spracheingabe ist hier in dieser Sprache nicht verfügbar' }).waitFor({ timeout: 20_000 });
    expect(await w.locator('textarea.input').inputValue()).toBe('');
    await context.close();
  });

  it('says clearly when the browser cannot record (no secure context)', async () => {
    const { context, w } = await open(insecure);
    await w.getByRole('button', { name: 'Record a voice message' }).click();
    await w.locator('.voice-notice', { hasText: 'not supported in this browser' }).waitFor();
    // Text input stays available.
    await w.locator('textarea.input').fill('Typing still works');
    await w.locator('textarea.input').press('Enter');
    await w.locator('li.msg-user .bubble', { hasText: 'Typing still works' }).waitFor();
    await context.close();
  });
});
