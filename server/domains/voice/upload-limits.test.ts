// The voice upload limits of POST /v1/widget/voice on the real app: the body size cap at its exact
// boundary, and the per-device allowance of recordings a minute (spec 10).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAtMinuteStart } from '../../testing/minute-window.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget } from '../widget/test-client.js';
import { VOICE_LIMITS } from './service.js';

let t: TestApp;
let base: string;

beforeEach(async () => {
  t = await createTestApp();
  base = await t.listen();
});
afterEach(() => t.close());

/** A fresh visitor device: its device token from the gateway's welcome. */
async function device(): Promise<string> {
  const ws = await connectWidget(base, base);
  ws.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id });
  const token = (await ws.next('session.welcome')).device_token;
  ws.close();
  return token;
}

const upload = (deviceToken: string, body: Buffer) =>
  fetch(`${base}/v1/widget/voice?frame_id=${t.demo.frame_id}`, {
    method: 'POST',
    headers: { 'content-type': 'audio/webm', 'x-parley-device': deviceToken },
    body: new Uint8Array(body),
  });

describe('voice upload limits', () => {
  it('takes a body of exactly the size cap and refuses one byte more with 413 payload_too_large', async () => {
    const token = await device();
    const atCap = await upload(token, Buffer.alloc(VOICE_LIMITS.maxBytes));
    // Not audio, so transcription fails, but the size check let it through.
    expect(atCap.status).not.toBe(413);
    expect(((await atCap.json()) as { error: string }).error).not.toBe('payload_too_large');

    const over = await upload(token, Buffer.alloc(VOICE_LIMITS.maxBytes + 1));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('allows six recordings a minute per device, then 429 with retry_after; other devices go on', async () => {
    startAtMinuteStart();
    const token = await device();
    // Empty bodies pass the tokens and the allowance, then fail validation: each one counts.
    for (let i = 0; i < 6; i++) {
      const res = await upload(token, Buffer.alloc(0));
      expect(res.status, `upload ${i + 1}`).toBe(400);
    }
    const limited = await upload(token, Buffer.alloc(0));
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { error: string; retry_after: number };
    expect(body.error).toBe('rate_limit_exceeded');
    expect(body.retry_after).toBeGreaterThan(0);

    const other = await upload(await device(), Buffer.alloc(0));
    expect(other.status).toBe(400);
  });
});
