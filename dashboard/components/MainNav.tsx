// Links to the console's pages that have a navigation label (routes.ts). On a wide screen they are
// one row (sixteen links took two rows at 1280 px): as many as fit, in order, and the rest behind a
// More button, with the pages marked `more` (used less) always there. The button shows the page's
// name instead when it is one of its own. On a phone (≤ 600 px) all of them sit behind a Menu
// button, one list. Following a link closes either; Escape or a click elsewhere closes More.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { PAGES, type PageDef } from '../routes.js';
import { escalatedQueue } from '../models/inbox.js';

const PHONE = '(max-width: 600px)';

export function MainNav({ projectId, path }: { projectId: string; path: string }) {
  const [open, setOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const links = PAGES.filter((p) => p.nav && p.href);
  const candidates = links.filter((p) => !p.more);
  // How many of the candidates stand in the row; measured after each layout (all of them at first).
  const [fit, setFit] = useState(candidates.length);
  const nav = useRef<HTMLElement>(null);
  const more = useRef<HTMLLIElement>(null);
  const widths = useRef(new Map<string, number>());
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

  // The row's width is what the top bar leaves the navigation (it grows into the free space): the
  // links that fit in it stay, the others move behind More. Widths of links seen in the row are
  // kept, so a wider window brings them back. Measured when a ResizeObserver reports the nav or a
  // link (after layout), never during a render: reading sizes there would force a layout of the
  // whole page in the middle of the inbox's first render.
  useLayoutEffect(() => {
    const el = nav.current;
    if (!el) return;
    const measure = () => {
      if (matchMedia(PHONE).matches) return;
      const list = el.querySelector<HTMLElement>('#main-nav-list');
      if (!list) return;
      for (const li of list.querySelectorAll<HTMLElement>(':scope > li[data-nav]')) widths.current.set(li.dataset.nav!, li.getBoundingClientRect().width);
      const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
      const moreWidth = more.current?.getBoundingClientRect().width ?? 0;
      const forced = candidates.length < links.length;
      let used = 0;
      let n = 0;
      for (; n < candidates.length; n++) {
        const w = widths.current.get(candidates[n].path);
        if (w === undefined) break;
        const last = n === candidates.length - 1;
        const reserve = forced || !last ? moreWidth + gap : 0;
        if (used + w + reserve > el.clientWidth + 0.5) break;
        used += w + gap;
      }
      setFit((before) => (before === n ? before : n));
    };
    // Each observed element is reported once after the next layout, then on every change of size.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const li of el.querySelectorAll('#main-nav-list > li')) observer.observe(li);
    return () => observer.disconnect();
  }, [waitingTotal, path, candidates.length, links.length, fit]);

  const isCurrent = (p: PageDef) => {
    const href = p.href!(projectId);
    return path === href || path.startsWith(`${href}/`) || (p.nav === 'Inbox' && path.startsWith(`/app/p/${projectId}/c/`));
  };
  const item = (p: PageDef, inRow: boolean) => {
    const waiting = p.nav === 'Inbox' ? waitingTotal : 0;
    return (
      <li key={p.path} data-nav={inRow ? p.path : undefined}>
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
  const extra = [...candidates.slice(fit), ...links.filter((p) => p.more)];
  const currentExtra = extra.find(isCurrent);
  return (
    <nav aria-label="Console" class={`main-nav${open ? ' is-open' : ''}`} ref={nav}>
      <button type="button" class="btn menu-button" aria-expanded={open} aria-controls="main-nav-list" onClick={() => setOpen(!open)}>
        Menu
        {waitingTotal > 0 && (
          <span class="badge badge-alert" aria-label={`${waitingTotal} escalated`}>
            {waitingTotal}
          </span>
        )}
      </button>
      <ul id="main-nav-list">
        {candidates.slice(0, fit).map((p) => item(p, true))}
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
            <ul id="main-nav-more">{extra.map((p) => item(p, false))}</ul>
          </li>
        )}
      </ul>
    </nav>
  );
}
