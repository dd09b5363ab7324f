// Which frames one widget connection writes (outbound.ts): nothing the widget would act on is lost,
// only typing frames it would not act on are left out, and deltas of one stream are merged.
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../shared/protocol.js';
import type { Message } from '../../../shared/schemas/entities.js';
import { OutboundFrames } from './outbound.js';

const tick = () => new Promise((r) => setTimeout(r, 0));
const typing = (typing: boolean, role: 'assistant' | 'operator' = 'assistant', conversation_id = 'c1'): ServerFrame => ({ type: 'typing', conversation_id, role, typing });
const delta = (text: string, stream_id = 's1', conversation_id = 'c1'): ServerFrame => ({ type: 'message.delta', conversation_id, stream_id, delta: text });
const created = (role: Message['role'], seq: number, conversation_id = 'c1'): ServerFrame => ({
  type: 'message.created',
  conversation_id,
  seq,
  message: { id: `m${seq}`, conversation_id, seq, role, type: 'message', content: 'x', client_id: null, sources: [], labels: [], created_at: '2026-01-01T00:00:00.000Z' },
});

function outbound() {
  const written: ServerFrame[] = [];
  return { out: new OutboundFrames((f) => written.push(f)), written };
}

describe('widget outbound frames', () => {
  it('sends an answer as one delta and its message: the typing(true) before it and the typing(false) after it are left out', async () => {
    const { out, written } = outbound();
    out.send(typing(true));
    out.send(delta('Hello '));
    out.send(delta('there'));
    await tick();
    out.send(created('assistant', 2));
    out.send(typing(false));
    await tick();
    expect(written).toEqual([delta('Hello there'), created('assistant', 2)]);
  });

  it('sends typing(true) that no delta follows in the same task (a model still thinking), and its typing(false)', async () => {
    const { out, written } = outbound();
    out.send(typing(true));
    await tick();
    expect(written).toEqual([typing(true)]);
    out.send(delta('Late'));
    out.send(typing(false));
    await tick();
    // The delta ended the indicator in the widget: the typing(false) after it says nothing new.
    expect(written).toEqual([typing(true), delta('Late')]);
  });

  it('sends typing(false) when a reply ends without a message (taken over, blocked), and keeps the order of other frames', async () => {
    const { out, written } = outbound();
    out.send(typing(true));
    out.send(created('user', 1));
    out.send(typing(false));
    await tick();
    expect(written).toEqual([typing(true), created('user', 1), typing(false)]);
  });

  it('a typing(true) and typing(false) within one task send nothing; operator typing is untouched by assistant frames of another conversation', async () => {
    const { out, written } = outbound();
    out.send(typing(true));
    out.send(typing(false));
    await tick();
    expect(written).toEqual([]);
    out.send(typing(true, 'operator'));
    await tick();
    out.send(delta('elsewhere', 's2', 'c2'));
    out.send(created('assistant', 5, 'c2'));
    out.send(typing(false, 'assistant', 'c2'));
    out.send(typing(false, 'operator'));
    await tick();
    expect(written).toEqual([typing(true, 'operator'), delta('elsewhere', 's2', 'c2'), created('assistant', 5, 'c2'), typing(false, 'operator')]);
  });

  it('flushes a held delta before any other frame and before a delta of another stream', async () => {
    const { out, written } = outbound();
    out.send(delta('a', 's1'));
    out.send(delta('b', 's2'));
    out.send({ type: 'pong' });
    await tick();
    expect(written).toEqual([delta('a', 's1'), delta('b', 's2'), { type: 'pong' }]);
  });
});
