// The demo project's knowledge base, built with the real providers so a newcomer's first
// question gets a cited answer: a manual FAQ provider (snippets with questions) and a wiki provider
// fed with a zip of Parley's own docs (README.md, csp.md, docs/*.md: whichever exist), synced once.
// Wiki page URLs point at `${BASE_URL}/docs/<path>`, which the widget domain serves (docs-routes.ts)
// as a rendered page to a browser; each page is titled as that page is (docs-pages.ts docTitle), so a
// citation reads like the page it opens. BASE_URL here is the seed's `urls.baseUrl`, the real
// listening address when PORT=0 (demo/seed.ts).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, strToU8 } from 'fflate';
import { addDemoSeeder } from '../../demo/seed.js';
import { docTitle } from '../widget/docs-pages.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export const DEMO_SNIPPETS = [
  {
    question: 'What is Parley?',
    content:
      'Parley is an open-source, self-hostable AI customer-support agent. One script tag puts a small chat widget on your ' +
      'website; visitors get answers from your own knowledge base, with sources, and can hand over to a human. ' +
      'Everything is also available through a /v1 REST API with project-scoped API keys.',
  },
  {
    // Site owners ask to "install" the widget; the answer is the snippet, not the server install.
    question: 'How do I install or embed the widget?',
    content:
      // Markdown: the tag is a code span, or it would be stripped as inline HTML.
      'To install (embed) the widget, paste the loader script tag into your page, before `</body>`: ' +
      '`<script async src="CDN_URL/widget/loader.js" data-frame-id="fr_…" data-base-url="BASE_URL"></script>`. ' +
      'The frame id comes from your website channel. data-mode chooses launcher (a floating button, the default), inline ' +
      '(inside an element given by data-target) or iframe. On a page with a strict Content Security Policy add a nonce to ' +
      'the loader tag; csp.md lists the exact policy for each mode.',
  },
  {
    question: 'How does Parley answer questions?',
    content:
      'Parley searches your knowledge (manual snippets, crawled web pages and imported wiki pages) with a hybrid index ' +
      'that combines keyword (BM25) and vector search, then answers with cited sentences from the best passages. When ' +
      'it is not confident it says so and offers a human. An OpenAI-compatible model can be switched on by configuration.',
  },
  {
    question: 'How do I add my own knowledge?',
    content:
      'Create a data provider with the API: a manual provider for snippets (POST /v1/projects/{project_id}/data-providers ' +
      'with type "manual", then add snippets), a web crawler (type "web_crawler" with start URLs or a sitemap) or a wiki ' +
      '(type "wiki" with a folder or an uploaded zip of Markdown or HTML pages). Then start a sync with ' +
      'POST /v1/projects/{project_id}/data-providers/{data_provider_id}/sync and follow its progress.',
  },
  {
    question: 'Where is the team console?',
    content:
      'The team console, where operators see conversations and answer visitors, is at /app on this server ' +
      '(e.g. http://127.0.0.1:3000/app). Sign in with a team member\'s e-mail and password: for the demo, npm start ' +
      'prints the login on the first start (also in data/demo-credentials.json).',
  },
  {
    question: 'Can I use my own LLM?',
    content:
      'Yes. Set OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL to use any OpenAI-compatible server (OpenAI, Ollama, ' +
      'vLLM, llama.cpp server) instead of the offline answerer; it gets the same retrieval and cites the same sources.',
  },
  {
    question: 'Can I talk to a human?',
    content:
      'Yes. Ask for a human at any time: the conversation is handed over to the support team, and the AI stops replying ' +
      'while an operator handles it.',
  },
];

/** The page on this server that covers each FAQ answer (the examples show every embed mode). */
const SNIPPET_PAGES: Record<string, string> = {
  'How do I install or embed the widget?': '/examples/',
  'How do I add my own knowledge?': '/v1/docs',
  'Where is the team console?': '/docs/README.md#team-console',
  'Can I use my own LLM?': '/docs/README.md#configuration',
};

/** A doc as zipped: with the page's title as front matter (the README's first heading is just "Parley"). */
const titled = (path: string, text: string) => (text.startsWith('---\n') ? text : `---\ntitle: ${docTitle(path, text)}\n---\n\n${text}`);

/**
 * The project's own notes, not for a site owner or visitor: how the answerer was measured and tuned
 * (eval.md) and how the code is laid out (architecture.md). Offered as sources, they answered
 * visitors with eval figures.
 */
export const INTERNAL_DOCS = new Set(['eval.md', 'architecture.md']);

/**
 * Zipped under the names the pages are served at: `BASE_URL/docs/faq.md`, not
 * `/docs/docs/faq.md` (docs-routes.ts serves both).
 */
async function readDocs(): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const name of ['README.md', 'csp.md']) {
    const text = await readFile(join(REPO, name), 'utf8').catch(() => null);
    if (text) files[name] = strToU8(titled(name, text));
  }
  const docs = await readdir(join(REPO, 'docs')).catch(() => [] as string[]);
  for (const name of docs.filter((n) => n.endsWith('.md') && !INTERNAL_DOCS.has(n) && !(n in files)).sort()) {
    const text = await readFile(join(REPO, 'docs', name), 'utf8').catch(() => null);
    if (text) files[name] = strToU8(titled(`docs/${name}`, text));
  }
  return files;
}

addDemoSeeder(async (ctx, demo, { baseUrl }) => {
  const k = ctx.services.knowledge;
  const projectId = demo.project_id;
  const faq = await k.createProvider(projectId, { type: 'manual', name: 'Parley FAQ' });
  // Each answer cites a page the visitor can open on this server (spec 2.6: sources with title and link).
  for (const s of DEMO_SNIPPETS) await k.createSnippet(projectId, faq.id, { ...s, url: `${baseUrl}${SNIPPET_PAGES[s.question] ?? '/docs/README.md'}` });

  const files = await readDocs();
  if (Object.keys(files).length === 0) return;
  // BASE_URL/docs/<path> serves these very files (server/domains/widget/docs-routes.ts), so each cited
  // page is a link the visitor can open.
  const wiki = await k.createProvider(projectId, { type: 'wiki', name: 'Parley documentation', wiki: { base_url: `${baseUrl}/docs/` } });
  await k.uploadArchive(projectId, wiki.id, 'parley-docs.zip', zipSync(files));
  await k.startSync(projectId, wiki.id);
  // Wait, so the first question after start already finds the docs.
  await k.waitForSync(projectId, wiki.id);
});
