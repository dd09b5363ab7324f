// bench:voice — voice input through the real route (POST /v1/widget/voice) on a real port with the
// offline engine (ffmpeg decode + PocketSphinx): flite speech of several lengths, encoded as the
// browser would send it (webm/opus), transcribed one after another (the engine runs one recognition
// at a time per process). Prints figures only; it does not pass or fail.
// Last line: short_p50_ms=… long_p50_ms=… real_time_factor=… word_hit_rate=…
import { performance } from 'node:perf_hooks';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from '../server/testing/test-app.js';
import { connectWidget } from '../server/domains/widget/test-client.js';
import { speechWav, transcode } from '../tests/fixtures/speech.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PHRASES = {
  short: 'I want to reset my password',
  long: 'Hello, I ordered a blue jacket last week and it has not arrived yet. Can you tell me where my order is and when it will be delivered to my address',
};

const dir = await mkdtemp(join(tmpdir(), 'parley-bench-voice-'));
const t = await createTestApp();
const base = await t.listen();
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

async function deviceToken(): Promise<string> {
  const c = await connectWidget(base, base);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
  const token = (await c.next('session.welcome')).device_token;
  c.close();
  return token;
}

const results: Record<string, number[]> = { short: [], long: [] };
let audioSeconds = 0;
let busySeconds = 0;
let words = 0;
let hits = 0;
for (const [name, text] of Object.entries(PHRASES)) {
  const webm = await readFile(await transcode(await speechWav(text, join(dir, `${name}.wav`)), join(dir, `${name}.webm`), ['-c:a', 'libopus', '-b:a', '32k']));
  for (let i = 0; i < ROUNDS; i++) {
    const token = await deviceToken(); // a fresh device per upload: the per-device rate limit stays out of the figures
    const t0 = performance.now();
    const res = await fetch(`${base}/v1/widget/voice?frame_id=${t.demo.frame_id}`, {
      method: 'POST',
      headers: { 'content-type': 'audio/webm;codecs=opus', 'x-parley-device': token },
      body: new Uint8Array(webm),
    });
    const body = (await res.json()) as { text: string; duration_s: number };
    const elapsed = performance.now() - t0;
    if (!res.ok) throw new Error(`voice upload failed: ${JSON.stringify(body)}`);
    results[name]!.push(elapsed);
    audioSeconds += body.duration_s;
    busySeconds += elapsed / 1000;
    const said = new Set(body.text.toLowerCase().split(/\W+/));
    const expected = text.toLowerCase().split(/\W+/).filter(Boolean);
    words += expected.length;
    hits += expected.filter((w) => said.has(w)).length;
    console.log(`${name} #${i + 1}: ${elapsed.toFixed(0)} ms for ${body.duration_s} s of audio → "${body.text}"`);
  }
}
await t.close();
await rm(dir, { recursive: true, force: true });
console.log(
  `short_p50_ms=${median(results.short!).toFixed(0)} long_p50_ms=${median(results.long!).toFixed(0)} real_time_factor=${(busySeconds / audioSeconds).toFixed(2)} word_hit_rate=${(hits / words).toFixed(2)}`,
);
