// Launcher mode (spec 2.10): a floating button the loader paints itself, before any framework loads;
// the app's panel opens above it. Everything lives in the widget's shadow root. It is placed in the
// visual viewport (platform/viewport.ts), so a page wider than the phone cannot push it off screen.
import { trackVisualViewport } from '../platform/viewport.js';

const ICONS =
  '<svg class="chat" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>' +
  '<svg class="x" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/></svg>';

export interface LauncherParts {
  button: HTMLButtonElement;
  /** Without an argument: re-applies the current state (e.g. after new labels). */
  setOpen(open?: boolean): void;
  setUnread(count: number): void;
}

export function paintLauncher(host: HTMLElement, root: ShadowRoot, container: HTMLElement, label: (open: boolean) => string): LauncherParts {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  // It opens the panel, a non-modal dialog (dialog semantics).
  button.setAttribute('aria-haspopup', 'dialog');
  // Static markup from this file only; no visitor or server text goes through innerHTML.
  button.innerHTML = ICONS;
  const badge = document.createElement('span');
  badge.className = 'badge';
  badge.hidden = true;
  badge.setAttribute('aria-hidden', 'true');
  button.append(badge);
  root.append(container, button);
  host.classList.add('launcher');
  trackVisualViewport(host);
  let isOpen = false;
  let unread = '';
  // Called without an argument it re-applies the current state (new labels from the app).
  const setOpen = (open = isOpen) => {
    isOpen = open;
    button.setAttribute('aria-expanded', `${open}`);
    button.setAttribute('aria-label', label(open) + unread);
    host.classList.toggle('open', open);
  };
  setOpen();
  return {
    button,
    setOpen,
    setUnread(count) {
      badge.hidden = !count;
      badge.textContent = count > 99 ? '99+' : `${count}`;
      unread = count ? ` (${count})` : '';
      setOpen();
    },
  };
}
