// OpenAPI operationIds, generated in one place for every documented route (generated clients name
// their methods after them). Derived from the route's summary, so they read like the docs
// ("List conversations" → listConversations) and stay stable while the summary does; a route may
// set its own. A summary that would repeat an earlier id falls back to the method and path, which
// are unique per route.

const ARTICLES = new Set(['a', 'an', 'the', 'its']);
/** Words that start a qualifier: the id keeps what comes before ("Start a sync of a provider" → startSync). */
const CONNECTORS = new Set(['with', 'to', 'of', 'for', 'from', 'and', 'or', 'as', 'in']);
const MAX_WORDS = 5;

const camel = (words: string[]) =>
  words
    .map((w, i) => {
      const lower = w.toLowerCase();
      return i === 0 ? lower : lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');

/** "Upload a search table (CSV, JSON array or JSONL)" → "uploadSearchTable". */
export function idFromSummary(summary: string): string {
  const head = summary
    .replace(/\([^)]*\)/g, ' ')
    .split(/[:;—–]/)[0]
    .replace(/['’]/g, '');
  const words = (head.match(/[A-Za-z0-9]+/g) ?? []).filter((w) => !ARTICLES.has(w.toLowerCase()));
  // Cut at the first connector that leaves at least two words ("Projects of the organization" stays whole).
  const cut = words.findIndex((w, i) => i >= 2 && CONNECTORS.has(w.toLowerCase()));
  return camel(words.slice(0, Math.min(cut === -1 ? words.length : cut, MAX_WORDS)));
}

/** "GET /v1/projects/{project_id}/users/{user_id}" → "getProjectsByProjectIdUsersByUserId". */
export function idFromRoute(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter((s) => s && s !== 'v1')
    .flatMap((s) => {
      const param = /^[{:](\w+)}?$/.exec(s);
      return param ? ['by', ...param[1].split('_')] : s.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return camel([method, ...parts]);
}

/** Hands out unique ids; one allocator per app (per OpenAPI document). */
export function createOperationIds() {
  const taken = new Set<string>();
  return (method: string, url: string, summary: string | undefined): string => {
    const fromSummary = summary ? idFromSummary(summary) : '';
    let id = fromSummary && !taken.has(fromSummary) ? fromSummary : idFromRoute(method, url);
    for (let n = 2; taken.has(id); n++) id = `${idFromRoute(method, url)}${n}`;
    taken.add(id);
    return id;
  };
}
