// The language of Parley's own replies (refusals, "not sure" lead-ins): the question's, when its words
// show one; otherwise the visitor's (channel locale, then the locales the widget sent), so an Arabic
// question, which the retrieval analysers cannot place, is refused in Arabic (agent texts catalogue).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { connectWidget, type WidgetClient } from '../widget/test-client.js';
import { agentText } from './texts.js';

let t: TestApp;
let base: string;
const open: WidgetClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function ask(locales: string[], content: string) {
  const c = await connectWidget(base, base);
  open.push(c);
  c.send({ type: 'session.hello', v: 1, frame_id: t.demo.frame_id, locales });
  await c.next('session.welcome');
  c.send({ type: 'message.send', client_id: `lang-${Math.random().toString(36).slice(2, 12)}`, content });
  return (await c.next('message.created', (f) => f.message.role === 'assistant')).message;
}

const refusedIn = (lang: string, text: string) => [agentText(lang, 'noAnswer'), agentText(lang, 'unsure')].some((r) => text.startsWith(r));

describe('the language of the agent replies', () => {
  it('refuses an Arabic question in Arabic for an Arabic visitor', async () => {
    const reply = await ask(['ar-EG', 'en'], 'هل يمكنك أن تخبرني كيف سيكون الطقس على سطح القمر غدًا؟');
    expect(refusedIn('ar', reply.content), reply.content).toBe(true);
  });

  it('follows the question when its words show its language', async () => {
    const reply = await ask(['ar-EG'], 'Können Sie mir sagen, wie das Wetter morgen auf dem Mond wird?');
    expect(refusedIn('de', reply.content), reply.content).toBe(true);
  });

  it('speaks English to a visitor whose languages have no catalogue', async () => {
    const reply = await ask(['ja-JP'], 'هل يمكنك أن تخبرني كيف سيكون الطقس على سطح القمر غدًا؟');
    expect(refusedIn('en', reply.content), reply.content).toBe(true);
  });
});
