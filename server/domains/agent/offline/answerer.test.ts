// The offline answerer over handmade passages: direct FAQ answers, cited extraction, honest refusals.
import { describe, expect, it } from 'vitest';
import type { Passage } from '../../knowledge/types.js';
import { ASK_A_QUESTION, DONT_KNOW, createOfflineAnswerer, questionSimilarity } from './answerer.js';
import { contentTerms, sentences, stem, units } from './text.js';

const passage = (id: string, title: string, text: string, extra: Partial<Passage> = {}): Passage => ({
  chunk_id: `c-${id}`,
  source_id: `s-${id}`,
  title,
  url: `https://docs.example/${id}`,
  headings: [],
  text,
  score: 1,
  ...extra,
});

const REFUNDS = passage(
  'refunds',
  'Refund policy',
  'We want you to be happy with your order. Refunds are issued within 14 days of delivery when the item is unused. ' +
    'To request a refund, open your order page and choose Return item. Shipping costs are not refunded.',
);
const SHIPPING = passage(
  'shipping',
  'Shipping',
  'Orders ship from our warehouse in Leipzig. Standard shipping takes 3 to 5 business days inside the EU. ' +
    'Express shipping delivers the next business day when you order before 2 pm.',
  { headings: ['Delivery times'] },
);
const FAQ = passage('faq-reset', 'FAQ', 'Open Settings → Security and click "Reset password". We email you a link that is valid for one hour.', {
  question: 'How do I reset my password?',
});

async function ask(question: string, passages: Passage[]) {
  const deltas: string[] = [];
  const out = await createOfflineAnswerer().answer({ projectId: 'p', question, history: [], passages, tools: [], onDelta: (d) => deltas.push(d) });
  return { ...out, deltas };
}

describe('offline answerer', () => {
  it('answers directly from a snippet whose question matches', async () => {
    const out = await ask('how can I reset my password', [SHIPPING, FAQ]);
    expect(out.content).toBe(FAQ.text);
    expect(out.sources).toMatchObject([{ source_id: 's-faq-reset', title: 'FAQ' }]);
    expect(out.offer_handoff).toBe(false);
  });

  it('extracts the best sentences and cites them, [n] mapping to sources[n-1]', async () => {
    const out = await ask('How long does express shipping take?', [REFUNDS, SHIPPING]);
    expect(out.content).toContain('Express shipping delivers the next business day');
    expect(out.content).toMatch(/\[1\]$/);
    expect(out.sources[0]).toMatchObject({ source_id: 's-shipping', url: 'https://docs.example/shipping' });
    expect(out.content).not.toContain('Refunds are issued');
    expect(out.offer_handoff).toBe(false);
  });

  it('cites several sources in first-use order', async () => {
    const out = await ask('refund shipping costs and standard shipping days', [REFUNDS, SHIPPING]);
    const cited = [...out.content.matchAll(/\[(\d)\]/g)].map((m) => Number(m[1]));
    expect(new Set(cited)).toEqual(new Set([1, 2]));
    expect(out.sources.map((s) => s.source_id)).toEqual(['s-refunds', 's-shipping']);
    expect(out.content.indexOf('[1]')).toBeLessThan(out.content.indexOf('[2]'));
  });

  it('says plainly that it does not know, and offers a human, when the passages do not cover the question', async () => {
    const out = await ask('Can I pay with a gift card from another store?', [REFUNDS, SHIPPING]);
    expect(out.content).toBe(DONT_KNOW);
    expect(out.offer_handoff).toBe(true);
    expect(out.sources).toEqual([]);
    const none = await ask('What are your opening hours?', []);
    expect(none.offer_handoff).toBe(true);
  });

  it('answers a one-word question only from a passage about that word', async () => {
    expect((await ask('Shipping?', [REFUNDS, SHIPPING])).sources[0]?.source_id).toBe('s-shipping');
    expect((await ask('Costs?', [REFUNDS, SHIPPING])).offer_handoff).toBe(true);
  });

  it('answers from a code comment that says the whole question, as a code block', async () => {
    const commands = passage('cmds', 'Parley', 'npm ci && npm start # install and start the demo\nnpm ci && npm test # run every test', { headings: ['Two commands'] });
    const out = await ask('How do I run the tests?', [commands]);
    expect(out.content).toBe('```\nnpm ci && npm start # install and start the demo\nnpm ci && npm test # run every test\n```\n[1]');
    expect(out.sources).toMatchObject([{ source_id: 's-cmds' }]);
    // Identifiers alone do not speak: the same code without comments is not an answer.
    const bare = passage('bare', 'Parley', 'npm ci && npm start\nnpm ci && npm test', { headings: ['Two commands'] });
    expect((await ask('How do I run the tests?', [bare])).offer_handoff).toBe(true);
    // One meaningful word ("server"): prose that merely holds both words is no answer.
    const crawler = passage('crawl', 'Crawler', 'The crawler stays on the hosts of its start URLs; the server config changes its limits.');
    expect((await ask('How do I start the server?', [crawler])).offer_handoff).toBe(true);
  });

  it('adds a further sentence only when it covers more of the question', async () => {
    const backups = passage('backup', 'Data and backups', 'Back up your data by copying the data directory while the server is stopped.');
    const csp = passage('csp', 'Content-Security-Policy', 'The data: scheme is allowed for images and audio recordings.');
    const out = await ask('How do I back up my data?', [backups, csp]);
    expect(out.content).toBe('Back up your data by copying the data directory while the server is stopped. [1]');
    expect(out.sources.map((x) => x.source_id)).toEqual(['s-backup']);
  });

  it('puts chosen list items and table rows on lines of their own', async () => {
    const config = passage('cfg', 'Configuration', '| variable | default | meaning\n\n| PORT | 3000 | HTTP port to listen on\n| HOST | 127.0.0.1 | network interface to listen on');
    const out = await ask('Which port and interface does it listen on?', [config]);
    expect(out.content).toBe('- PORT | 3000 | HTTP port to listen on\n- HOST | 127.0.0.1 | network interface to listen on [1]');
  });

  it('asks for a question when the message has no content words', async () => {
    const out = await ask('Hi!', [REFUNDS]);
    expect(out.content).toBe(ASK_A_QUESTION);
    expect(out.offer_handoff).toBe(false);
  });

  it('streams the exact answer text and is deterministic', async () => {
    const a = await ask('How do I request a refund?', [SHIPPING, REFUNDS]);
    const b = await ask('How do I request a refund?', [SHIPPING, REFUNDS]);
    expect(a.deltas.length).toBeGreaterThan(1);
    expect(a.deltas.join('')).toBe(a.content);
    expect(b.content).toBe(a.content);
    expect(a.content).toContain('To request a refund, open your order page');
  });
});

describe('text tools', () => {
  it('stems, drops stop words and splits sentences and markdown units', () => {
    expect(stem('hooks')).toBe(stem('hook'));
    expect(stem('logging')).toBe(stem('log'));
    expect(contentTerms('How do I use reply.send?')).toEqual(['reply', 'send', 'reply.send']);
    expect(sentences('First one. Second one!\n\n- item a\n- item b')).toEqual(['First one.', 'Second one!', '- item a', '- item b']);
    expect(questionSimilarity('How do I reset my password?', 'reset password')).toBe(1);
    expect(questionSimilarity('How do I reset my password?', 'How do I change my email address?')).toBe(0);
    expect(questionSimilarity('How do I embed the widget on my site?', 'How do I embed the widget?')).toBe(1);
    expect(questionSimilarity('How do I embed the widget on my pages today?', 'How do I embed the widget?')).toBeLessThan(0.7);
    expect(contentTerms('fastify.printRoutes()')).toEqual(['fastify', stem('print'), stem('routes'), stem('fastify.printroutes')]);
    expect(contentTerms('type-safe schemas')).toEqual([stem('type'), stem('safe'), stem('schemas')]);
  });

  it('keeps fence-less code together and apart from the prose around it', () => {
    const text = [
      'Middleware\nAs of v3, middleware needs an external plugin such as\n@fastify/express or @fastify/middie.',
      'The following example registers the plugin:',
      "await fastify.register(require('@fastify/express'))\nfastify.use(require('cors')())\nconst app = {\n  stream: stream,\n  level: 'info',\n}",
    ].join('\n\n');
    expect(units(text)).toEqual([
      { text: 'Middleware', kind: 'heading' },
      { text: 'As of v3, middleware needs an external plugin such as @fastify/express or @fastify/middie.', kind: 'prose' },
      { text: 'The following example registers the plugin:', kind: 'prose' },
      { text: "await fastify.register(require('@fastify/express'))\nfastify.use(require('cors')())\nconst app = {\n  stream: stream,\n  level: 'info',\n}", kind: 'code' },
    ]);
  });

  it('renders an example introduced by a chosen sentence as a code block', async () => {
    const p = passage('mw', 'Middleware', 'Express middleware needs the @fastify/express plugin. Register it as follows:\n\nawait fastify.register(require(\'@fastify/express\'))\nfastify.use(require(\'cors\')())');
    const out = await ask('How do I use Express middleware?', [p]);
    expect(out.content).toContain("```\nawait fastify.register(require('@fastify/express'))\nfastify.use(require('cors')())\n```");
    expect(out.content).toMatch(/```\n\[1\]$/);
  });
});
