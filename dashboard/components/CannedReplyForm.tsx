// The fields of one canned reply (shortcut, title, text), for the new reply and for editing one.
import { useState } from 'preact/hooks';
import { SHORTCUT_PATTERN, type CannedReplyBody } from '../../shared/schemas/canned-replies.js';

export function CannedReplyForm({ idPrefix, initial, submitLabel, onSubmit, onCancel }: {
  idPrefix: string;
  initial?: CannedReplyBody;
  submitLabel: string;
  onSubmit(body: CannedReplyBody): Promise<boolean>;
  onCancel?: () => void;
}) {
  const [shortcut, setShortcut] = useState(initial?.shortcut ?? '');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const ready = new RegExp(SHORTCUT_PATTERN).test(shortcut) && title.trim() && content.trim();

  async function submit(e: Event) {
    e.preventDefault();
    if (!ready) return;
    if ((await onSubmit({ shortcut, title: title.trim(), content })) && !initial) {
      setShortcut('');
      setTitle('');
      setContent('');
    }
  }

  return (
    <form class="canned-form" onSubmit={submit}>
      <label class="field">
        <span>Shortcut (typed after / in the reply box)</span>
        <input
          required
          maxLength={32}
          pattern={SHORTCUT_PATTERN}
          aria-describedby={`${idPrefix}-shortcut-hint`}
          value={shortcut}
          onInput={(e) => setShortcut((e.target as HTMLInputElement).value.toLowerCase())}
        />
      </label>
      <p id={`${idPrefix}-shortcut-hint`} class="muted">
        Lower-case letters, digits, - and _.
      </p>
      <label class="field">
        <span>Title</span>
        <input required maxLength={80} value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
      </label>
      <label class="field">
        <span>Reply text</span>
        <textarea required rows={4} value={content} onInput={(e) => setContent((e.target as HTMLTextAreaElement).value)} />
      </label>
      <div class="label-actions">
        <button class="btn btn-primary" type="submit" disabled={!ready}>
          {submitLabel}
        </button>
        {onCancel && (
          <button class="btn" type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
