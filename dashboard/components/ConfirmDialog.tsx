// A modal confirmation (native <dialog>: focus moves in and is kept there, Escape cancels). Used for
// irreversible actions such as hiding conversations; the confirm button names the action.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

interface Props {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ComponentChildren;
}

export function ConfirmDialog({ open, title, confirmLabel, danger, onConfirm, onCancel, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // Unique per dialog: a page with two dialogs must not name both after the first one's title.
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), onCancel())}>
      <h2 id={titleId}>{title}</h2>
      <div class="dialog-body">{children}</div>
      <div class="dialog-actions">
        <button type="button" class="btn" onClick={onCancel} autofocus>
          Cancel
        </button>
        <button type="button" class={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
