// Links to the console's pages that have a navigation label (routes.ts).
import { PAGES } from '../routes.js';
import { escalatedQueue } from '../models/inbox.js';

export function MainNav({ projectId, path }: { projectId: string; path: string }) {
  return (
    <nav aria-label="Console" class="main-nav">
      <ul>
        {PAGES.filter((p) => p.nav && p.href).map((p) => {
          const href = p.href!(projectId);
          const current = path === href || path.startsWith(`${href}/`) || (p.nav === 'Inbox' && path.startsWith(`/app/p/${projectId}/c/`));
          const waiting = p.nav === 'Inbox' ? escalatedQueue.value.length : 0;
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
