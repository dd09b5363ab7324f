// The obvious questions of a site owner trying the demo, through the real app (REST generate on
// the demo project): each gets a confident answer from the right page or FAQ snippet, cited with
// the page's real title and a link to the section; a new question in a running conversation is
// answered as it would be alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { agentText } from '../agent/texts.js';

let t: TestApp;
let base: string;
let P: string;
let H: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
});
afterAll(async () => {
  await t.close();
});

interface Reply {
  message: { content: string; outcome: string };
  sources: { title: string; url: string }[];
}

const post = async (url: string, payload?: unknown) =>
  (await fetch(`${base}${url}`, { method: 'POST', headers: H, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) })).json();

async function ask(question: string, user = `owner-${Math.random().toString(36).slice(2)}`): Promise<Reply & { conversation: string }> {
  const conv = await post(`${P}/conversations`, { user_id: user, message: question });
  return { ...((await post(`${P}/conversations/${conv.id}/generate`)) as Reply), conversation: conv.id };
}

/** Question, a phrase the answer must contain, and the cited page's title (and section anchor). */
const OWNER_QUESTIONS: [string, RegExp, RegExp][] = [
  ['How do I install the widget?', /loader\.js/, /install or embed the widget/i],
  ['How do I embed the widget in my page?', /loader\.js/, /install or embed the widget/i],
  ['How do I add my own knowledge?', /data provider/, /add my own knowledge/i],
  ['How do I back up my data?', /DATA_DIR/, /^Parley README$|^Questions site owners ask$/],
  ['Where is the team console?', /\/app/, /team console/i],
  ['Can I use my own LLM?', /OPENAI_BASE_URL/, /own LLM/i],
  ['What is Parley?', /self-hostable/, /What is Parley/],
  // docs/faq.md, the site owner's questions page the demo knowledge includes.
  ['How do I change the color of the widget?', /Accent colour/, /Questions site owners ask/],
  ['How do I hand a chat over to a person?', /escalated/, /Questions site owners ask/],
  ['How do I add another operator to my team?', /POST \/v1\/org\/members/, /Questions site owners ask/],
  ['How do I stop other websites from embedding my widget?', /allowed origins/, /Questions site owners ask/],
  ['Does the widget set cookies?', /data-cookies="memory"/, /Questions site owners ask/],
  ['Where can I see how many chats we had?', /Analytics/, /Questions site owners ask/],
  // Once answered confidently from the operators page's "Visitor" section, which is about something else.
  ['Can visitors send files?', /images \(PNG, JPEG, GIF, WebP\) and PDFs/, /Questions site owners ask/],
  ['How do I change the greeting?', /Welcome message/, /Questions site owners ask/],
  ['What does Parley cost?', /GET \/v1\/org\/billing/, /Questions site owners ask/],
  ['How do I teach the agent about my site?', /Web crawler/, /Questions site owners ask/],
  ['Does it work on Shopify?', /<script>/, /Questions site owners ask/],
  // Once suggestions without this entry: the entry never said it keeps the chats.
  ["Do you keep a history of my visitors' chats, and can I delete it?", /hide/, /Questions site owners ask/],
];

describe('the demo answers a site owner’s obvious questions', () => {
  it.each(OWNER_QUESTIONS)('%s', async (question, content, title) => {
    const reply = await ask(question);
    expect(reply.message.outcome).toBe('answer');
    expect(reply.message.content).toMatch(content);
    expect(reply.message.content).toMatch(/\[1\]$|^[^[]*$/);
    expect(reply.sources[0].title).toMatch(title);
    // Cited pages are rendered pages of this server, not raw files (the seed names the address
    // before the test server listens, so the path is fetched from where it listens).
    const url = new URL(reply.sources[0].url);
    const page = await fetch(`${base}${url.pathname}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  // Asking for a person is a request, not a question for the knowledge (docs/operators.md
  // "Handover"): it once got the FAQ entry about asking for a human, and nothing happened.
  it('offers a person at once to "Can I talk to a human?", before anything is looked up', async () => {
    const reply = (await ask('Can I talk to a human?')) as Reply & { message: { offer_handoff?: boolean } };
    expect(reply.message.content).toBe(agentText('en', 'handoffOffer'));
    expect(reply.message.offer_handoff).toBe(true);
    expect(reply.sources).toEqual([]);
  });

  it('offers visitors only pages written for them, at clean addresses', async () => {
    const { data: sources } = (await (await fetch(`${base}${P}/sources?limit=100`, { headers: H })).json()) as { data: { url: string | null }[] };
    const urls = sources.map((s) => s.url ?? '');
    expect(urls.some((u) => u.endsWith('/docs/faq.md'))).toBe(true);
    // The project's own notes (how the answerer was tuned) are no source, and no address says docs twice.
    expect(urls.filter((u) => /eval\.md|architecture\.md|\/docs\/docs\//.test(u))).toEqual([]);
    const eval_ = await ask('What was the held-out answer rate of the eval?');
    expect(eval_.sources.map((s) => s.url).filter((u) => /eval\.md/.test(u))).toEqual([]);
  });

  // Once answered confidently from docs/behaviour.md "Cost" (what the behaviour features cost in CPU).
  it('puts the price of running Parley first for a pricing question, not a section about CPU cost', async () => {
    const reply = (await ask('How much does it cost?')) as Reply & { sources: { section?: string }[] };
    expect(reply.sources[0].section).toBe('What does Parley cost to run?');
  });

  // The FAQ snippet's own answer (the first question matches its question) once came back without
  // the note the other answers carry.
  it('says that the source is in English when it answers a Spanish or Italian question from an English page', async () => {
    for (const [question, note] of [
      ['¿Cómo instalo el widget?', agentText('es', 'sourceLanguage', { language: 'inglés' })],
      ['Come installo il widget sul mio sito?', agentText('it', 'sourceLanguage', { language: 'inglese' })],
    ]) {
      const reply = await ask(question);
      expect(reply.message.outcome, question).toBe('answer');
      expect(reply.message.content, question).toMatch(/loader\.js/);
      expect(reply.message.content.endsWith(note), reply.message.content).toBe(true);
    }
  });

  // Short questions share their few function words across languages ("il" is French and Italian):
  // "Il widget usa cookie?" once got the French note, "Quanto costa?" English texts.
  it('replies in the language of a short Italian, Portuguese or Spanish question', async () => {
    const cookies = await ask('Il widget usa cookie?');
    expect(cookies.message.outcome).toBe('answer');
    expect(cookies.message.content.endsWith(agentText('it', 'sourceLanguage', { language: 'inglese' })), cookies.message.content).toBe(true);
    for (const [question, lang] of [['Quanto costa?', 'it'], ['Quanto custa?', 'pt'], ['¿Cuánto cuesta?', 'es']] as const) {
      // Pricing is split over two sections on the demo: it suggests them, in the visitor's language.
      const reply = await ask(question);
      expect(reply.message.outcome, question).toBe('suggestions');
      expect(reply.message.content, question).toContain(agentText(lang, 'unsure'));
      expect(reply.message.content, question).toContain(agentText(lang, 'handoffOffer'));
    }
  });

  // Portuguese and Dutch had no dictionary: these found the wrong section or nothing at all.
  it('finds the English section a Portuguese or Dutch question asks about', async () => {
    for (const [question, section] of [
      ['Como mudo a saudação?', /change the greeting/],
      ['Os visitantes podem enviar arquivos?', /send files/],
      ['Como adiciono o meu próprio conhecimento?', /add my own knowledge/],
      ['Hoe verander ik de begroeting?', /change the greeting/],
      ['Hoe voeg ik mijn eigen kennis toe?', /add my own knowledge/],
    ] as const) {
      const reply = (await ask(question)) as Reply & { sources: { section?: string }[] };
      expect(reply.message.outcome, question).not.toBe('no_answer');
      expect(`${reply.sources[0]?.title} › ${reply.sources[0]?.section ?? ''}`, question).toMatch(section);
    }
    const greeting = await ask('Como mudo a saudação?');
    expect(greeting.message.outcome).toBe('answer');
    expect(greeting.message.content.endsWith(agentText('pt', 'sourceLanguage', { language: 'inglês' })), greeting.message.content).toBe(true);
  });

  it('answers a new, self-contained question in a running conversation as it would alone', async () => {
    const alone = await ask('How do I install the widget?');
    const first = await ask('How do I back up my data?', 'owner-running');
    await t.app.ctx.services.conversations.append(t.demo.project_id, first.conversation, { role: 'user', content: 'How do I install the widget?' });
    const later = (await post(`${P}/conversations/${first.conversation}/generate`)) as Reply;
    expect(later.message.outcome).toBe(alone.message.outcome);
    expect(later.message.content).toBe(alone.message.content);
    expect(later.sources).toEqual(alone.sources);
  });
});
