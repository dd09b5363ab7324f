// Channel texts per language (docs/widget-voice-languages-a11y.md "Channel texts"): the welcome's
// channel name and greeting, and the handoff notes, follow the visitor's locale from session.hello.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from './test-client.js';
import { agentText } from '../agent/texts.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  await t.app.ctx.services.projects.updateChannel(t.demo.project_id, t.demo.channel_id, {
    name: 'Parley Help',
    greeting: 'Hi! Ask me anything about Parley.',
    texts: { de: { name: 'Parley-Hilfe', greeting: 'Hallo! Fragen Sie mich alles über Parley.' }, ar: { name: 'مساعدة Parley' } },
  });
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function welcome(locales?: string[]) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, ...(locales ? { locales } : {}) });
  return { c, welcome: await c.next('session.welcome') };
}

describe('channel texts per language', () => {
  it('names and greets in the visitor language, by exact tag or primary language', async () => {
    const de = await welcome(['de-AT', 'en']);
    expect(de.welcome.channel).toMatchObject({ name: 'Parley-Hilfe', greeting: 'Hallo! Fragen Sie mich alles über Parley.' });
    // Arabic has a name but no greeting of its own: the catalogue greeting, not the English default.
    const ar = await welcome(['ar-EG']);
    expect(ar.welcome.channel).toMatchObject({ name: 'مساعدة Parley', greeting: agentText('ar', 'greeting') });
  });

  it('falls back to the channel defaults', async () => {
    expect((await welcome(['en-GB'])).welcome.channel).toMatchObject({ name: 'Parley Help', greeting: 'Hi! Ask me anything about Parley.' });
    expect((await welcome()).welcome.channel).toMatchObject({ name: 'Parley Help', greeting: 'Hi! Ask me anything about Parley.' });
    // A language neither the channel nor the catalogues cover: the defaults, not a guess.
    expect((await welcome(['ja'])).welcome.channel).toMatchObject({ name: 'Parley Help', greeting: 'Hi! Ask me anything about Parley.' });
    // French: no channel text, but a catalogue greeting in French beats the English one.
    expect((await welcome(['fr-CA'])).welcome.channel).toMatchObject({ name: 'Parley Help', greeting: agentText('fr', 'greeting') });
  });

  it('writes the handoff note in the visitor language', async () => {
    const { c } = await welcome(['de-DE']);
    c.send({ type: 'message.send', client_id: 'de-handoff-1', content: 'zqxv wrrbl kfjd?' });
    const answer = await c.next('message.created', (f) => f.message.role === 'assistant');
    expect(answer.message.offer_handoff).toBe(true);
    c.send({ type: 'handoff.respond', conversation_id: answer.conversation_id, accept: false });
    const note = await c.next('message.created', (f) => f.message.type === 'note');
    expect(note.message.content).toBe('Sie haben sich entschieden, mit dem Assistenten weiterzumachen.');
  });
});
