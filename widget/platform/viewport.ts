// Mobile full-screen sheet (docs/architecture.md section 4): when the on-screen keyboard opens, the layout
// viewport keeps its height but the visual viewport shrinks. We publish the visual height as a CSS
// variable (set through CSSOM, which CSP allows) so the sheet ends above the keyboard and the
// composer stays visible; `100dvh` in the stylesheet is the fallback. Its left edge and width too: on a
// page wider than the phone the layout viewport (what `position: fixed` is placed in) grows with the
// page, so the launcher and the sheet are placed in the visual viewport, the part the visitor sees.
export function trackVisualViewport(host: HTMLElement): () => void {
  const vv = window.visualViewport;
  if (!vv) return () => {};
  // All four read before any is written: a read after a write makes the browser lay the page out
  // again at once, which on a slow phone turned the loader's start-up into one long task.
  const apply = () => {
    const [height, top, left, width] = [vv.height, vv.offsetTop, vv.offsetLeft, vv.width].map(Math.round);
    host.style.setProperty('--parley-vh', `${height}px`);
    host.style.setProperty('--parley-vtop', `${top}px`);
    host.style.setProperty('--parley-vleft', `${left}px`);
    host.style.setProperty('--parley-vw', `${width}px`);
  };
  // The first read waits for the next frame: read during the loader's start-up, the viewport makes the
  // browser compute the whole page's styles inside the loader's task (a long task on a slow phone).
  // Until then the stylesheet's fallbacks (100dvh, 100vw, 0) place the launcher the same way.
  const frame = requestAnimationFrame(apply);
  vv.addEventListener('resize', apply);
  vv.addEventListener('scroll', apply);
  return () => {
    cancelAnimationFrame(frame);
    vv.removeEventListener('resize', apply);
    vv.removeEventListener('scroll', apply);
  };
}

/** Sheet layout below this width (CSS uses the same breakpoint). */
export const SHEET_MAX_WIDTH = 640;
export const isSheet = () => window.innerWidth < SHEET_MAX_WIDTH;
