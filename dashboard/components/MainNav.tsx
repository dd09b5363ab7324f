// Links to the console's pages that have a navigation label (routes.ts). On a wide screen they are
// one row: the pages used every day as links, the rest behind a More button (sixteen links took two
// rows at 1280 px); the button shows the page's name instead when it is one of its own. On a phone (≤ 600 px) all
// of them sit behind a Menu button, one list: fifteen links took five rows above every page.
// Following a link closes either; Escape or a click elsewhere closes More.
import { useEffect, useRef, useState } from 'preact/hooks';
import { PAGES, type PageDef } from '../routes.js';
import { escalatedQueue } from '../models/inbox.js';

export function MainNav({ projectId, path }: { projectId: string; path: string }) {
  const [open, setOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const more = useRef<HTMLLIElement>(null);
  useEffect(() => {
    setOpen(false);
    setMoreOpen(false);
  }, [path]);
  useEffect(() => {
    if (!moreOpen) return;
    const onClick = (e: MouseEvent) => {
      if (!more.current?.contains(e.target as Node)) setMoreOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMoreOpen(false);
      more.current?.querySelector<HTMLButtonElement>('.more-button')?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [moreOpen]);

  const waitingTotal = escalatedQueue.value.length;
  const links = PAGES.filter((p) => p.nav && p.href);
  const isCurrent = (p: PageDef) => {
    const href = p.href!(projectId);
    return path === href || path.startsWith(`${href}/`) || (p.nav === 'Inbox' && path.startsWith(`/app/p/${projectId}/c/`));
  };
  const item = (p: PageDef) => {
    const waiting = p.nav === 'Inbox' ? waitingTotal : 0;
    return (
      <li key={p.path}>
        <a href={p.href!(projectId)} aria-current={isCurrent(p) ? 'page' : undefined}>
          {p.nav}
          {waiting > 0 && (
            <span class="badge badge-alert" aria-label={`${waiting} escalated`}>
              {waiting}
            </span>
          )}
        </a>
      </li>
    );
  };
  const extra = links.filter((p) => p.more);
  const currentExtra = extra.find(isCurrent);
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
        {links.filter((p) => !p.more).map(item)}
        {extra.length > 0 && (
          <li class={`nav-more${moreOpen ? ' is-open' : ''}`} ref={more}>
            <button type="button" class={`more-button${currentExtra ? ' is-current' : ''}`} aria-expanded={moreOpen} aria-controls="main-nav-more" onClick={() => setMoreOpen(!moreOpen)}>
              {currentExtra ? (
                <>
                  <span class="sr-only">More: </span>
                  {currentExtra.nav}
                </>
              ) : (
                'More'
              )}
            </button>
            <ul id="main-nav-more">{extra.map(item)}</ul>
          </li>
        )}
      </ul>
    </nav>
  );
}
