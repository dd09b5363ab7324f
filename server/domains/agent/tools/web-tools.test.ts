// search_web and fetch_page (spec 2.9) in the real tool loop: the real app, a scripted
// OpenAI-compatible model that reads its prompt, a scripted SearXNG-compatible search server and
// pages served on 127.0.0.1 (the app allows private fetches, as the crawler tests do). The reply
// cites what the tools found; a failing search reaches the model as an error text, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { startScriptedLlm, type ScriptedLlm } from '../openai/scripted-llm.fixture.js';
import { startScriptedWeb, type ScriptedWeb } from './scripted-web.fixture.js';
import { fetchPageTool } from './fetch-page.js';
import { readResults, WEB_RESULTS } from './search-web.js';

const RELEASE_PAGE = `<!doctype html><html><head><title>Parley 3.2 release notes</title></head><body>
<nav>Home | Pricing | Blog</nav>
<main><h1>Parley 3.2 release notes</h1><p>Parley 3.2 was released on 12 March 2026 with offline voice input.</p>
<h2 id="upgrade">Upgrading</h2><p>Run npm ci and restart the server; the data directory is migrated on start.</p></main>
<footer>© Example Corp</footer></body></html>`;

const results = (base: string) => [
  { url: `${base}/pages/release`, title: 'Parley 3.2 release notes', content: 'Release notes for Parley 3.2.' },
  { url: `${base}/pages/blog`, title: 'What is new in Parley 3.2', content: 'Parley 3.2 adds a dark mode to the widget.' },
  { url: 'ftp://example.com/file', title: 'Not a web page', content: 'skipped' },
];

type ChatMessage = { role: string; content?: string | null; tool_call_id?: string };
const toolMessage = (body: { messages: ChatMessage[] }, id: string) => body.messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content ?? '';
/** The citation number of each URL in a tool result ("[n] title\nurl\ntext"), as a model reads it. */
const numbersByUrl = (content: string) => new Map([...content.matchAll(/^\[(\d+)\] [^\n]*\n(https?:\/\/\S+)/gm)].map((m) => [m[2], Number(m[1])]));

describe('web tools in the tool loop', () => {
  let t: TestApp;
  let llm: ScriptedLlm;
  let web: ScriptedWeb;
  const H = () => ({ authorization: `Bearer ${t.demo.api_key}` });
  const url = (path: string) => `/v1/projects/${t.demo.project_id}${path}`;

  beforeAll(async () => {
    web = await startScriptedWeb({ '/pages/release': { type: 'text/html; charset=utf-8', body: RELEASE_PAGE } }, results);
    llm = await startScriptedLlm([], { text: ['OK'] });
    t = await createTestApp({ llm: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 10_000 }, webSearchUrl: web.searchUrl, allowPrivateFetch: true });
    const patched = await t.app.inject({ method: 'PATCH', url: url('/profiles/default'), headers: H(), payload: { toolboxes: ['web'] } });
    expect(patched.statusCode, patched.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    await web.close();
  });

  async function ask(text: string) {
    const created = (await t.app.inject({ method: 'POST', url: url('/conversations'), headers: H(), payload: { user_id: `web-${Math.random()}`, message: text } })).json();
    const res = await t.app.inject({ method: 'POST', url: url(`/conversations/${created.id}/generate`), headers: H() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('searches the web, reads a result page and cites both', async () => {
    llm.script.push(
      { toolCalls: [{ id: 's1', name: 'search_web', args: ['{"query":"Parley 3.2 ', 'release date"}'] }] },
      (body) => {
        const found = numbersByUrl(toolMessage(body, 's1'));
        return { toolCalls: [{ id: 'f1', name: 'fetch_page', args: [JSON.stringify({ url: [...found.keys()][0] })] }] };
      },
      (body) => {
        const found = numbersByUrl(toolMessage(body, 's1'));
        const page = numbersByUrl(toolMessage(body, 'f1'));
        const release = page.get(`${web.base}/pages/release`);
        const blog = found.get(`${web.base}/pages/blog`);
        return { text: [`Parley 3.2 was released on 12 March 2026 [${release}]. It also adds a dark mode [${blog}].`] };
      },
    );
    const { message } = await ask('When did Parley 3.2 come out?');

    // The provider got the query as SearXNG expects it.
    expect(web.queries.at(-1)?.get('q')).toBe('Parley 3.2 release date');
    expect(web.queries.at(-1)?.get('format')).toBe('json');
    const requests = llm.requests.slice(-3).map((r) => r.body);
    const searchResult = toolMessage(requests[1], 's1');
    expect(searchResult).toContain('What is new in Parley 3.2');
    expect(searchResult).not.toContain('ftp://');
    // fetch_page gave the page's main text, without its navigation and footer.
    const pageResult = toolMessage(requests[2], 'f1');
    expect(pageResult).toContain('released on 12 March 2026');
    expect(pageResult).toContain('Upgrading');
    expect(pageResult).not.toContain('Pricing');
    expect(pageResult).not.toContain('Example Corp');

    // The stored reply cites the two pages, renumbered by first use.
    expect(message.content).toBe('Parley 3.2 was released on 12 March 2026 [1]. It also adds a dark mode [2].');
    expect(message.sources.map((s: { url: string }) => s.url)).toEqual([`${web.base}/pages/release`, `${web.base}/pages/blog`]);
    expect(message.sources[0].title).toBe('Parley 3.2 release notes');
    expect(message.sources[1].snippet).toContain('dark mode');
  });

  it('tells the model when the search server is down or failing, and the reply still comes', async () => {
    for (const [mode, expected] of [['down', 'the search provider is unreachable'], ['error', 'the search provider answered with status 500']] as const) {
      web.mode = mode;
      llm.script.push({ toolCalls: [{ id: `d-${mode}`, name: 'search_web', args: ['{"query":"weather Berlin"}'] }] }, { text: ['I could not check the web just now.'] });
      const { message } = await ask('What is the weather in Berlin?');
      expect(message.content).toBe('I could not check the web just now.');
      const result = toolMessage(llm.requests.at(-1)!.body, `d-${mode}`);
      expect(result).toContain(expected);
      expect(result).toMatch(/^Error: search_web failed/);
      // The provider's address stays with the operator.
      expect(result).not.toContain('127.0.0.1');
    }
    web.mode = 'ok';
  });

  it('fetch_page reads only http(s) and says why a page cannot be read', async () => {
    llm.script.push(
      { toolCalls: [{ id: 'x1', name: 'fetch_page', args: ['{"url":"file:///etc/passwd"}'] }, { id: 'x2', name: 'fetch_page', args: [JSON.stringify({ url: `${web.base}/pages/missing` })] }] },
      { text: ['I cannot open that.'] },
    );
    await ask('Read file:///etc/passwd for me');
    const body = llm.requests.at(-1)!.body;
    expect(toolMessage(body, 'x1')).toContain('only complete http and https URLs');
    expect(toolMessage(body, 'x1')).not.toContain('root:');
    expect(toolMessage(body, 'x2')).toContain('HTTP 404');
  });
});

describe('fetch_page without ALLOW_PRIVATE_FETCH', () => {
  it('refuses a loopback address before connecting', async () => {
    const web = await startScriptedWeb({ '/secret': { type: 'text/plain', body: 'internal only' } }, () => []);
    try {
      const tool = fetchPageTool({ policy: { allowPrivate: false } });
      await expect(tool.run({ url: `${web.base}/secret` })).rejects.toThrow('private or reserved address; only public pages are read');
    } finally {
      await web.close();
    }
  });
});

describe('search_web results', () => {
  it('keeps the first http(s) result of each URL, at most WEB_RESULTS, and refuses an answer without results', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ url: `https://example.com/${i % 8}`, title: ` Page ${i} `, content: 'x'.repeat(2000) }));
    const passages = readResults({ results: [{ url: 'javascript:alert(1)', title: 'bad' }, ...many] });
    expect(passages).toHaveLength(WEB_RESULTS);
    expect(passages.map((p) => p.url)).toEqual(['https://example.com/0', 'https://example.com/1', 'https://example.com/2', 'https://example.com/3', 'https://example.com/4']);
    expect(passages[0]).toMatchObject({ title: 'Page 0', source_id: 'web:https://example.com/0' });
    expect(passages[0].text.length).toBeLessThanOrEqual(600);
    expect(() => readResults({ error: 'rate limited' })).toThrow('without a results list');
  });
});
