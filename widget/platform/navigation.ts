// Single-page apps: notice history navigation (pushState, replaceState, popstate, and
// hash routes) and report the page context, debounced so a burst of router calls (and the title
// update that usually follows a route change) becomes one `page.update`.
//
// Privacy by default: the query string and fragment are dropped, since they often carry search
// terms, e-mail addresses or tokens (`#access_token=…`). A hash route (`#/orders` or `#!/orders`)
// is kept as it names the page, without any `?…` inside it. `keepQuery: true` keeps the query.
export interface PageContext {
  url: string;
  title?: string;
}

export interface NavigationOptions {
  debounceMs?: number;
  keepQuery?: boolean;
}

const EVENT = 'parley:navigate';
const PATCHED = Symbol.for('parley.history.patched');
const MAX_URL = 2048;
const MAX_TITLE = 512;

export function pageContext(href: string, title: string, options: NavigationOptions = {}): PageContext {
  let url: string;
  try {
    const u = new URL(href);
    const route = /^#!?\//.test(u.hash) ? u.hash.split('?')[0]! : '';
    url = u.origin + u.pathname + (options.keepQuery ? u.search : '') + route;
  } catch {
    url = href.split(/[?#]/)[0] ?? '';
  }
  const t = title.trim().slice(0, MAX_TITLE);
  return { url: url.slice(0, MAX_URL), ...(t ? { title: t } : {}) };
}

type HistoryFn = (data: unknown, unused: string, url?: string | URL | null) => void;

/** Wraps history.pushState/replaceState once per page so every watcher hears router navigation. */
function patchHistory(win: Window): void {
  const h = win.history as History & { [PATCHED]?: boolean };
  if (h[PATCHED]) return;
  h[PATCHED] = true;
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = h[name] as HistoryFn;
    const wrapped: HistoryFn = function (this: History, ...args) {
      const result = original.apply(this, args);
      win.dispatchEvent(new Event(EVENT));
      return result;
    };
    h[name] = wrapped as History[typeof name];
  }
}

/** Calls `onChange` with the new page context after navigation settles; returns a stop function. */
export function watchNavigation(onChange: (page: PageContext) => void, options: NavigationOptions = {}, win: Window = window): () => void {
  const debounceMs = options.debounceMs ?? 300;
  patchHistory(win);
  let last = JSON.stringify(pageContext(win.location.href, win.document.title, options));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    timer = undefined;
    const page = pageContext(win.location.href, win.document.title, options);
    const key = JSON.stringify(page);
    if (key === last) return;
    last = key;
    onChange(page);
  };
  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, debounceMs);
  };
  const events = [EVENT, 'popstate', 'hashchange'];
  for (const e of events) win.addEventListener(e, schedule);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    for (const e of events) win.removeEventListener(e, schedule);
  };
}
