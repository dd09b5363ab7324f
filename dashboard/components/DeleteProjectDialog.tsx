// Deleting a project cannot be undone and takes all its data with it, so the dialog asks for the
// project's name to be typed before the delete button works (a slip of the mouse deletes nothing).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Project } from '../../shared/schemas/entities.js';
import { ReasonButton } from './ReasonButton.js';

interface Props {
  project: Project | null;
  onConfirm: (project: Project) => void;
  onCancel: () => void;
}

export function DeleteProjectDialog({ project, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    setTyped('');
    if (project && !d.open) d.showModal();
    if (!project && d.open) d.close();
  }, [project?.id]);
  const matches = !!project && typed.trim() === project.name;
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="delete-project-title" onCancel={(e) => (e.preventDefault(), onCancel())}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches && project) onConfirm(project);
        }}
      >
        <h2 id="delete-project-title">Delete {project?.name}?</h2>
        <p>Its conversations, knowledge, widget channels, API keys and settings are deleted for good.</p>
        <label class="field">
          <span>To confirm, type its name</span>
          <input value={typed} autoComplete="off" onInput={(e) => setTyped((e.target as HTMLInputElement).value)} />
        </label>
        <div class="dialog-actions">
          <button type="button" class="btn" onClick={onCancel}>
            Cancel
          </button>
          <ReasonButton type="submit" class="btn btn-danger" reason={!matches && 'Type its name above to confirm.'}>
            Delete project
          </ReasonButton>
        </div>
      </form>
    </dialog>
  );
}
