// Write to the visitor (a reply, shown live in the widget with the operator's name) or to the team
// (an internal note, never shown to the visitor). "AI draft" asks the AI for a reply the operator
// edits before sending (AI involvement `private`). Enter sends, Shift+Enter starts a new line.
import { useRef, useState } from 'preact/hooks';
import { requestDraft, send, sendOperatorTyping } from '../models/conversation.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { useCannedReplyPicker } from './CannedReplyPicker.js';

export type ComposerMode = 'message' | 'comment';

export function Composer({ mode, onMode }: { mode: ComposerMode; onMode: (m: ComposerMode) => void }) {
  const [text, setText] = useState('');
  const [fromDraft, setFromDraft] = useState(false);
  const [busy, setBusy] = useState(false);
  const { error, guard } = useErrorLine();
  const typingSent = useRef(0);
  const canned = useCannedReplyPicker(text, setText);

  function typing(on: boolean) {
    if (mode !== 'message') return;
    const now = Date.now();
    if (on && now - typingSent.current < 3000) return;
    typingSent.current = on ? now : 0;
    sendOperatorTyping(on);
  }

  async function submit(e?: Event) {
    e?.preventDefault();
    const content = text.trim();
    if (!content || busy) return;
    setBusy(true);
    // Clear at once, not after the request: whatever the operator types while the send is in flight
    // is the next message and must not be wiped when this one's answer arrives. On failure the sent
    // text comes back, unless something new was typed meanwhile.
    const wasDraft = fromDraft && mode === 'message';
    setText('');
    setFromDraft(false);
    const sent = await guard(async () => {
      await send(content, mode, wasDraft);
      typing(false);
      return true;
    });
    if (!sent) setText((now) => (now.trim() ? now : content));
    setBusy(false);
  }

  async function draft() {
    setBusy(true);
    await guard(async () => {
      const d = await requestDraft();
      onMode('message');
      setText(d.content);
      setFromDraft(true);
      document.getElementById('composer-text')?.focus();
    });
    setBusy(false);
  }

  const label = mode === 'message' ? 'Reply to the visitor' : 'Internal note (the visitor never sees it)';
  return (
    <form class={`composer composer-${mode}`} onSubmit={submit}>
      <div class="composer-modes" role="radiogroup" aria-label="Write">
        <label class="check">
          <input type="radio" name="composer-mode" checked={mode === 'message'} onChange={() => onMode('message')} />
          Reply
        </label>
        <label class="check">
          <input type="radio" name="composer-mode" checked={mode === 'comment'} onChange={() => onMode('comment')} />
          Internal note
        </label>
        <button type="button" class="btn btn-quiet" onClick={() => void draft()} disabled={busy} aria-keyshortcuts="d">
          AI draft
        </button>
      </div>
      <label for="composer-text" class="sr-only">
        {label}
      </label>
      {canned.popup}
      <textarea
        id="composer-text"
        {...canned.inputProps}
        rows={3}
        placeholder={label}
        value={text}
        onInput={(e) => {
          setText((e.target as HTMLTextAreaElement).value);
          typing(true);
        }}
        onBlur={() => typing(false)}
        onKeyDown={(e) => {
          if (canned.onKeyDown(e)) return;
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) void submit(e);
        }}
      />
      {fromDraft && <p class="muted">AI draft: edit it, then send.</p>}
      <ErrorAlert text={error} />
      <button type="submit" class="btn btn-primary" disabled={busy || !text.trim()}>
        {mode === 'message' ? 'Send reply' : 'Add note'}
      </button>
    </form>
  );
}
