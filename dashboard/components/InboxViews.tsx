// Above the list: the search over messages, the Open / Resolved tabs and the views (Mine,
// Unassigned, Waiting, All) with their live counts. Everything here reads and sets the inbox model.
import { counts, search, setSearch, setTab, setView, tab, view } from '../models/inbox.js';
import { TABS, VIEWS } from '../models/inbox-views.js';

export function InboxViews() {
  const n = counts.value;
  return (
    <div class="inbox-views">
      <form role="search" class="inbox-search" onSubmit={(e) => e.preventDefault()}>
        <label for="inbox-search" class="sr-only">
          Search messages
        </label>
        <input id="inbox-search" type="search" placeholder="Search messages" value={search.value} onInput={(e) => setSearch((e.target as HTMLInputElement).value)} />
      </form>
      <div class="segmented" role="group" aria-label="Status">
        {TABS.map((t) => (
          <button key={t.id} type="button" class="seg" aria-pressed={tab.value === t.id} onClick={() => setTab(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      <div class="views" role="group" aria-label="View">
        {VIEWS.map((v) => (
          <button key={v.id} type="button" class="view" aria-pressed={view.value === v.id} onClick={() => setView(v.id)} data-view={v.id}>
            {v.label}
            <span class="view-count" data-testid={`count-${v.id}`}>
              {n ? n[v.id] : '–'}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
