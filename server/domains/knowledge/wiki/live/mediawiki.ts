// A MediaWiki through its action API (docs/knowledge.md "Live wikis"), logged in with a bot password
// (Special:BotPasswords, read rights only) or anonymously for an open wiki, so only what that account
// may read is imported:
//   action=query&meta=tokens&type=login, then POST action=login       the session (cookies)
//   action=query&generator=allpages&prop=info&inprop=url              the pages with their last revision id, continued
//   action=parse&pageid={id}&prop=text                                a page's HTML
// A page the account may not read (`permissiondenied`, `readapidenied`, a page gone meanwhile) is not imported.
import { callJson, pageHtml, type CallOptions, type LiveWikiClient, type RemotePage } from './client.js';

export interface MediaWikiSettings {
  api: string;
  namespace: number;
  username: string | null;
  password: string | null;
}

const UNREADABLE = new Set(['permissiondenied', 'readapidenied', 'missingtitle', 'nosuchpageid']);

export function mediaWikiClient(s: MediaWikiSettings, o: CallOptions): LiveWikiClient {
  const cookies = new Map<string, string>();
  const remember = (h: string | string[] | undefined) => {
    for (const c of Array.isArray(h) ? h : h ? [h] : []) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  async function api(params: Record<string, string>, post = false): Promise<any> {
    const query = new URLSearchParams({ ...params, format: 'json', formatversion: '2' }).toString();
    const headers: Record<string, string> = cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
    const r = post
      ? await callJson(s.api, { ...o, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, method: 'POST', body: query, label: 'MediaWiki' })
      : await callJson(`${s.api}?${query}`, { ...o, headers, label: 'MediaWiki' });
    remember(r.headers['set-cookie']);
    return r.body;
  }
  let loggedIn = false;
  async function login(): Promise<void> {
    if (loggedIn || !s.username) return;
    const token = (await api({ action: 'query', meta: 'tokens', type: 'login' }))?.query?.tokens?.logintoken;
    if (!token) throw new Error('MediaWiki gave no login token');
    const res = (await api({ action: 'login', lgname: s.username, lgpassword: s.password ?? '', lgtoken: token }, true))?.login;
    if (res?.result !== 'Success') throw new Error(`MediaWiki refused the login: ${res?.reason ?? res?.result ?? 'no answer'}`);
    loggedIn = true;
  }
  const failure = (body: any) => (body?.error ? { code: String(body.error.code), info: String(body.error.info ?? '') } : null);

  return {
    async *list() {
      await login();
      let cont: Record<string, string> = { continue: '' };
      for (;;) {
        const body = await api({ action: 'query', generator: 'allpages', gapnamespace: String(s.namespace), gaplimit: 'max', prop: 'info', inprop: 'url', ...cont });
        const err = failure(body);
        if (err) throw new Error(`MediaWiki answered ${err.code}: ${err.info}`);
        for (const p of body?.query?.pages ?? []) {
          if (!p?.pageid || p.missing) continue;
          yield {
            id: String(p.pageid), key: `mediawiki:${p.pageid}`, title: String(p.title ?? p.pageid),
            url: typeof p.fullurl === 'string' ? p.fullurl : null, version: String(p.lastrevid ?? p.touched ?? ''),
          } satisfies RemotePage;
        }
        if (!body?.continue) return;
        cont = Object.fromEntries(Object.entries(body.continue).map(([k, v]) => [k, String(v)]));
      }
    },

    async fetch(p) {
      await login();
      const body = await api({ action: 'parse', pageid: p.id, prop: 'text', disableeditsection: '1' });
      const err = failure(body);
      if (err && UNREADABLE.has(err.code)) return { kind: 'unreadable', reason: `MediaWiki answered ${err.code}: not readable by the configured account, not imported` };
      if (err) throw new Error(`MediaWiki answered ${err.code}: ${err.info}`);
      const text = body?.parse?.text;
      return { kind: 'page', html: pageHtml(String(body?.parse?.title ?? p.title), typeof text === 'string' ? text : String(text?.['*'] ?? '')) };
    },
  };
}
