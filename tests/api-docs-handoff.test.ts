// docs/api.md names what the code has for the handover settings: every setting a widget channel
// takes (shared/schemas/channels.ts) is in its "Widget channels" section, `handoff` with each of its
// values, and the `message.send` frame's `handoff` flag (shared/protocol.ts); and the channel API
// behaves as written there (default `offer`, an unknown value refused).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateChannelBody } from '../shared/schemas/channels.js';
import { SendFrame } from '../shared/protocol.js';
import { createTestApp, type TestApp } from '../server/testing/test-app.js';

const doc = readFileSync(join(import.meta.dirname, '../docs/api.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Widget channels'), doc.indexOf('\n## ', doc.indexOf('## Widget channels') + 1));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/api.md: widget channels and the handover', () => {
  it('names every channel setting, the handoff values and the message.send handoff flag', () => {
    expect(section.length).toBeGreaterThan(100);
    const missing = Object.keys(CreateChannelBody.properties).filter((key) => !section.includes(`\`${key}\``));
    expect(missing).toEqual([]);
    for (const value of CreateChannelBody.properties.handoff.anyOf.map((x: { const: string }) => x.const)) expect(section).toContain(`\`${value}\``);
    expect(Object.keys(SendFrame.properties)).toContain('handoff');
    expect(section).toContain('`message.send`');
    expect(section).toContain('`handoff: true`');
  });

  it('behaves as written: a channel that never set it reports offer; an unknown value is a 400', async () => {
    const url = `/v1/projects/${t.demo.project_id}/channels`;
    const headers = { authorization: `Bearer ${t.demo.api_key}` };
    const created = await t.app.inject({ method: 'POST', url, headers, payload: { name: 'Docs check' } });
    expect(created.statusCode).toBe(201);
    const channel = created.json() as { id: string; handoff: string };
    expect(channel.handoff).toBe('offer');
    const bad = await t.app.inject({ method: 'PATCH', url: `${url}/${channel.id}`, headers, payload: { handoff: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_request');
    const off = await t.app.inject({ method: 'PATCH', url: `${url}/${channel.id}`, headers, payload: { handoff: 'off' } });
    expect(off.json().handoff).toBe('off');
  });
});
