// The keyboard shortcuts of a page, in a dialog.
import { useEffect, useRef } from 'preact/hooks';

export function ShortcutHelp({ open, shortcuts, onClose }: { open: boolean; shortcuts: readonly (readonly [string, string])[]; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl class="shortcuts">
        {shortcuts.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <div class="dialog-actions">
        <button type="button" class="btn btn-primary" onClick={onClose} autofocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
