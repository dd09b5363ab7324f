// Single-key shortcuts for a page (listed by the page's "Keyboard shortcuts" help). Ignored while the
// focus is in a text field, a select or an open dialog, and with Ctrl/Alt/Meta held, so they never
// steal typing or browser shortcuts.
import { useEffect, useRef } from 'preact/hooks';

export type ShortcutMap = Record<string, (e: KeyboardEvent) => void>;

export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || Boolean(el.closest('dialog[open]'));
}

export function useShortcuts(map: ShortcutMap) {
  const ref = useRef(map);
  ref.current = map;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.altKey || e.metaKey || e.defaultPrevented || isTyping(e.target)) return;
      const action = ref.current[e.key];
      if (!action) return;
      e.preventDefault();
      action(e);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
