// Keyboard focus for forms whose rows are added and removed (the audience builder, a trigger's
// conditions and effects): a new row takes the focus on its first control, and removing a row hands
// it to the first add button of the row's list, so a keyboard user never falls back to <body>.
import { useEffect, useRef } from 'preact/hooks';

/** The key of the row just added; the row focuses itself when it mounts. One at a time suffices. */
let pending: string | null = null;
export const focusWhenMounted = (key: string) => {
  pending = key;
};

/** A ref for a row's element: on mount, a row that was just added focuses its first control. */
export function useFocusOnMount<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (pending !== key) return;
    pending = null;
    ref.current?.querySelector<HTMLElement>('select, input, button')?.focus();
  }, []);
  return ref;
}

/** Removes a row through `remove`, then focuses the first add button of the list it was in. */
export function removeAndRefocus(from: EventTarget | null, remove: () => void) {
  const list = (from as HTMLElement | null)?.closest('li')?.parentElement?.closest('fieldset');
  const target = list?.querySelector<HTMLButtonElement>(':scope > .add-buttons button');
  remove();
  requestAnimationFrame(() => target?.focus());
}
