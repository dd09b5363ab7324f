// The voice service on real audio: speech synthesised with flite, decoded with ffmpeg, recognised by
// PocketSphinx; and the OpenAI-compatible engine against a scripted server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import { speechWav, toneFile, transcode } from '../../../tests/fixtures/speech.js';
import { createVoiceService } from './service.js';
import { createOfflineStt } from './offline.js';
import { createOpenAiStt } from './openai.js';

let dir: string;
let wav: Buffer;
let webm: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-voice-test-'));
  const w = await speechWav('I want to reset my password', join(dir, 'reset.wav'));
  wav = await readFile(w);
  webm = await readFile(await transcode(w, join(dir, 'reset.webm'), ['-c:a', 'libopus', '-b:a', '32k']));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const base = { projectId: 'p1', userId: 'u1' };

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return 'no error';
}

describe('offline speech-to-text (pocketsphinx)', () => {
  const voice = () => createVoiceService({ config: testConfig(dir), stt: createOfflineStt() });

  it('transcribes a WAV and a webm/opus recording in English', async () => {
    const a = await voice().transcribe({ ...base, audio: wav, mimeType: 'audio/wav', language: 'en-US' });
    expect(a.text).toContain('reset my password');
    expect(a.language).toBe('en');
    expect(a.engine).toBe('offline');
    expect(a.duration_s).toBeGreaterThan(1);
    const b = await voice().transcribe({ ...base, audio: webm, mimeType: 'audio/webm;codecs=opus' });
    expect(b.text).toContain('password');
  });

  it('says honestly that it understands English only', async () => {
    const err = await voice()
      .transcribe({ ...base, audio: wav, mimeType: 'audio/wav', language: 'de-DE' })
      .catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('unsupported_language');
    expect((err as AppError).extras.supported_languages).toEqual(['en']);
  });

  it('refuses recordings that are too long, not audio, empty, of another type, or silent', async () => {
    const long = await readFile(await toneFile(65, join(dir, 'long.webm')));
    expect(await code(voice().transcribe({ ...base, audio: long, mimeType: 'audio/webm' }))).toBe('audio_too_long');
    const junk = Buffer.from('this is not audio at all '.repeat(50));
    expect(await code(voice().transcribe({ ...base, audio: junk, mimeType: 'audio/webm' }))).toBe('unsupported_media_type');
    expect(await code(voice().transcribe({ ...base, audio: Buffer.alloc(0), mimeType: 'audio/webm' }))).toBe('invalid_request');
    expect(await code(voice().transcribe({ ...base, audio: wav, mimeType: 'text/plain' }))).toBe('unsupported_media_type');
    const big = Buffer.alloc(4 * 1024 * 1024 + 1);
    expect(await code(voice().transcribe({ ...base, audio: big, mimeType: 'audio/wav' }))).toBe('payload_too_large');
    const silent = await readFile(await toneFile(2, join(dir, 'tone.wav')));
    expect(await code(voice().transcribe({ ...base, audio: silent, mimeType: 'audio/wav' }))).toBe('no_speech');
  });

  it('keeps the audio only when configured', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'parley-voice-keep-'));
    try {
      await createVoiceService({ config: testConfig(dataDir), stt: createOfflineStt() }).transcribe({ ...base, audio: wav, mimeType: 'audio/wav' });
      expect(await readdir(dataDir)).not.toContain('voice');
      const kept = createVoiceService({ config: testConfig(dataDir, { keepAudio: true }), stt: createOfflineStt() });
      await kept.transcribe({ ...base, audio: wav, mimeType: 'audio/wav' });
      const files = await readdir(join(dataDir, 'voice', 'p1'));
      expect(files.filter((f) => f.endsWith('.wav'))).toHaveLength(1);
      const meta = JSON.parse(await readFile(join(dataDir, 'voice', 'p1', files.find((f) => f.endsWith('.json'))!), 'utf8'));
      expect(meta.text).toContain('password');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('OpenAI-compatible /audio/transcriptions', () => {
  let server: Server;
  let url: string;
  const seen: { model: string; file: string; size: number; language: string | null; auth: string | undefined }[] = [];
  let mode: 'ok' | 'fail' = 'ok';

  beforeAll(async () => {
    // A scripted Whisper-style endpoint: it parses the multipart body like the real one would.
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = await new Request('http://x', { method: 'POST', headers: req.headers as HeadersInit, body: Buffer.concat(chunks) }).formData();
      const file = form.get('file') as File;
      seen.push({ model: String(form.get('model')), file: file.name, size: file.size, language: form.get('language') as string | null, auth: req.headers.authorization });
      if (mode === 'fail') return void res.writeHead(500).end('boom');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: ' Ich möchte mein Passwort zurücksetzen ', language: 'german', duration: 2.1 }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('uploads the original container and returns the detected language', async () => {
    mode = 'ok';
    const stt = createOpenAiStt({ baseUrl: url, apiKey: 'sk-test', model: 'whisper-1' });
    const voice = createVoiceService({ config: testConfig(dir), stt });
    const out = await voice.transcribe({ ...base, audio: webm, mimeType: 'audio/webm;codecs=opus', language: 'de' });
    expect(out).toMatchObject({ text: 'Ich möchte mein Passwort zurücksetzen', language: 'de', engine: 'openai' });
    expect(seen.at(-1)).toMatchObject({ model: 'whisper-1', file: 'speech.webm', size: webm.length, language: null, auth: 'Bearer sk-test' });
  });

  it('maps upstream failures and unreachable servers to transcription_failed', async () => {
    mode = 'fail';
    const voice = createVoiceService({ config: testConfig(dir), stt: createOpenAiStt({ baseUrl: url, apiKey: '', model: 'w' }) });
    expect(await code(voice.transcribe({ ...base, audio: webm, mimeType: 'audio/webm' }))).toBe('transcription_failed');
    const dead = createVoiceService({ config: testConfig(dir), stt: createOpenAiStt({ baseUrl: 'http://127.0.0.1:9', apiKey: '', model: 'w' }) });
    expect(await code(dead.transcribe({ ...base, audio: webm, mimeType: 'audio/webm' }))).toBe('transcription_failed');
  });
});
