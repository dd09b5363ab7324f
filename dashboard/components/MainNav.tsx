// Links to the console's pages that have a navigation label (routes.ts). On a phone (≤ 600 px) they
// sit behind a Menu button: fifteen links took five rows above every page. Following a link closes it.
import { useEffect, useState } from 'preact/hooks';
import { PAGES } from '../routes.js';
import { escalatedQueue } from '../models/inbox.js';

export function MainNav({ projectId, path }: { projectId: string; path: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [path]);
  const waitingTotal = escalatedQueue.value.length;
  return (
    <nav aria-label="Console" class={`main-nav${open ? ' is-open' : ''}`}>
      <button type="button" class="btn menu-button" aria-expanded={open} aria-controls="main-nav-list" onClick={() => setOpen(!open)}>
        Menu
        {waitingTotal > 0 && (
          <span class="badge badge-alert" aria-label={`${waitingTotal} escalated`}>
            {waitingTotal}
          </span>
        )}
      </button>
      <ul id="main-nav-list">
        {PAGES.filter((p) => p.nav && p.href).map((p) => {
          const href = p.href!(projectId);
          const current = path === href || path.startsWith(`${href}/`) || (p.nav === 'Inbox' && path.startsWith(`/app/p/${projectId}/c/`));
          const waiting = p.nav === 'Inbox' ? waitingTotal : 0;
          return (
            <li key={p.path}>
              <a href={href} aria-current={current ? 'page' : undefined}>
                {p.nav}
                {waiting > 0 && (
                  <span class="badge badge-alert" aria-label={`${waiting} escalated`}>
                    {waiting}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
