// Write to the visitor (a reply, shown live in the widget with the operator's name) or to the team
// (an internal note, never shown to the visitor). "AI draft" asks the AI for a reply the operator
// edits before sending (AI involvement `private`). Enter sends, Shift+Enter starts a new line.
// Send and AI draft say why when they cannot be used (ReasonButton).
import { useRef, useState } from 'preact/hooks';
import { requestDraft, send, sendFile, sendOperatorTyping } from '../models/conversation.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { useCannedReplyPicker } from './CannedReplyPicker.js';
import { ReasonButton } from './ReasonButton.js';

export type ComposerMode = 'message' | 'comment';

export function Composer({ mode, onMode }: { mode: ComposerMode; onMode: (m: ComposerMode) => void }) {
  const [text, setText] = useState('');
  const [fromDraft, setFromDraft] = useState(false);
  const [busy, setBusy] = useState<'sending' | 'drafting' | null>(null);
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
    setBusy('sending');
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
    setBusy(null);
  }

  // Files picked, dropped or pasted go at once, as a reply or a note (whichever mode is chosen).
  async function sendFiles(files: Iterable<File>) {
    for (const file of files) {
      setBusy('sending');
      await guard(() => sendFile(file, mode));
      setBusy(null);
    }
  }

  async function draft() {
    setBusy('drafting');
    await guard(async () => {
      const d = await requestDraft();
      onMode('message');
      setText(d.content);
      setFromDraft(true);
      document.getElementById('composer-text')?.focus();
    });
    setBusy(null);
  }

  const label = mode === 'message' ? 'Reply to the visitor' : 'Internal note (the visitor never sees it)';
  const sendReason =
    busy === 'drafting' ? 'Wait for the AI draft.' : !text.trim() ? (mode === 'message' ? 'Type a reply first.' : 'Type a note first.') : busy === 'sending' ? 'Wait until the last one is sent.' : null;
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
        <ReasonButton type="button" class="btn btn-quiet" onClick={() => void draft()} busy={busy === 'drafting'} reason={busy === 'sending' && 'Wait until the reply is sent.'} aria-keyshortcuts="d">
          {busy === 'drafting' ? 'Drafting…' : 'AI draft'}
        </ReasonButton>
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
        onPaste={(e) => {
          const files = [...(e.clipboardData?.files ?? [])];
          if (!files.length) return;
          e.preventDefault();
          void sendFiles(files);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          void sendFiles([...(e.dataTransfer?.files ?? [])]);
        }}
        onKeyDown={(e) => {
          if (canned.onKeyDown(e)) return;
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) void submit(e);
        }}
      />
      {fromDraft && <p class="muted">AI draft: edit it, then send.</p>}
      <ErrorAlert text={error} />
      <div class="composer-send">
        <label class="btn btn-quiet composer-attach">
          Attach file
          <input
            type="file"
            class="sr-only"
            accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
            onChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              void sendFiles([...(input.files ?? [])]);
              input.value = '';
            }}
          />
        </label>
        <ReasonButton type="submit" class="btn btn-primary" reason={sendReason}>
          {mode === 'message' ? 'Send reply' : 'Add note'}
        </ReasonButton>
      </div>
    </form>
  );
}
