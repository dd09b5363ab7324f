// A local MediaWiki on 127.0.0.1 speaking the part of the action API the sync calls, shaped as
// mediawiki.org documents it (formatversion=2):
//   login token and bot-password login:   https://www.mediawiki.org/wiki/API:Login
//   generator=allpages + prop=info:       https://www.mediawiki.org/wiki/API:Allpages, https://www.mediawiki.org/wiki/API:Info
//   continuation:                         https://www.mediawiki.org/wiki/API:Continue
//   action=parse&prop=text:               https://www.mediawiki.org/wiki/API:Parsing_wikitext
//   errors {error: {code, info}}:         https://www.mediawiki.org/wiki/API:Errors_and_warnings
// Nothing is readable without the session cookie of a successful login (a private wiki: readapidenied);
// a page marked `restricted` answers permissiondenied to the bot (as with per-page read restrictions).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWikiPage {
  title: string;
  revid: number;
  html: string;
  restricted?: boolean;
}

export interface FakeMediaWiki {
  api: string;
  pages: Map<number, FakeWikiPage>;
  parses: number[];
  close(): Promise<void>;
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeMediaWiki(username: string, password: string): Promise<FakeMediaWiki> {
  const pages = new Map<number, FakeWikiPage>();
  const parses: number[] = [];
  let port = 0;
  const server: Server = createServer(async (req, res) => {
    const json = (payload: unknown, cookie?: string) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...(cookie ? { 'set-cookie': `${cookie}; path=/; HttpOnly` } : {}) });
      res.end(JSON.stringify(payload));
    };
    const url = new URL(req.url ?? '/', 'http://x');
    const q = req.method === 'POST' ? await form(req) : url.searchParams;
    const cookie = req.headers.cookie ?? '';
    if (q.get('action') === 'query' && q.get('meta') === 'tokens') return json({ batchcomplete: true, query: { tokens: { logintoken: '9ed1499d99c0c34c73faa07157b3b6075b427365+\\' } } }, 'wikidb_session=pre');
    if (q.get('action') === 'login') {
      if (req.method !== 'POST') return json({ error: { code: 'mustpostparams', info: 'The following parameter was found in the query string, but must be in the POST body: lgpassword.' } });
      if (!cookie.includes('wikidb_session=pre') || q.get('lgtoken') !== '9ed1499d99c0c34c73faa07157b3b6075b427365+\\') return json({ login: { result: 'Failed', reason: 'Unable to continue login. Your session most likely timed out.' } });
      if (q.get('lgname') !== username || q.get('lgpassword') !== password) return json({ login: { result: 'Failed', reason: 'Incorrect username or password entered. Please try again.' } });
      return json({ login: { result: 'Success', lguserid: 2, lgusername: username.split('@')[0] } }, 'wikidb_session=loggedin');
    }
    if (!cookie.includes('wikidb_session=loggedin')) return json({ error: { code: 'readapidenied', info: 'You need read permission to use this module.' } });
    if (q.get('action') === 'query' && q.get('generator') === 'allpages') {
      const all = [...pages.entries()].sort(([a], [b]) => a - b);
      const from = Number(q.get('gapcontinue') ?? 0);
      const slice = all.filter(([id]) => id >= from).slice(0, 2);
      const rest = all.filter(([id]) => id >= from).slice(2);
      return json({
        batchcomplete: true,
        ...(rest.length ? { continue: { gapcontinue: String(rest[0][0]), continue: 'gapcontinue||' } } : {}),
        query: {
          pages: slice.map(([pageid, p]) => ({
            pageid, ns: 0, title: p.title, contentmodel: 'wikitext', pagelanguage: 'en', touched: '2026-11-01T10:00:00Z', lastrevid: p.revid, length: p.html.length,
            fullurl: `http://127.0.0.1:${port}/wiki/${encodeURIComponent(p.title.replace(/ /g, '_'))}`, editurl: `http://127.0.0.1:${port}/w/index.php?title=${encodeURIComponent(p.title)}&action=edit`,
          })),
        },
      });
    }
    if (q.get('action') === 'parse') {
      const id = Number(q.get('pageid'));
      parses.push(id);
      const p = pages.get(id);
      if (!p) return json({ error: { code: 'nosuchpageid', info: `There is no page with ID ${id}.` } });
      if (p.restricted) return json({ error: { code: 'permissiondenied', info: 'You don\u2019t have permission to read this page.' } });
      return json({ parse: { title: p.title, pageid: id, revid: p.revid, text: `<div class="mw-parser-output">${p.html}</div>` } });
    }
    json({ error: { code: 'badvalue', info: 'Unrecognized value for parameter "action".' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return { api: `http://127.0.0.1:${port}/w/api.php`, pages, parses, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
