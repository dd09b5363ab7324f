// The message box: Enter sends, Shift+Enter adds a line. Sending works offline too: the model
// queues the message and delivers it when the connection is back.
import { useRef, useState } from 'preact/hooks';
import type { ChatModel } from '../model.js';
import { strings } from '../strings.js';
import { VoiceButton, type VoiceButtonProps } from './VoiceButton.js';

export function Composer(props: { model: ChatModel; inputRef?: { current: HTMLTextAreaElement | null }; voice?: VoiceButtonProps['transcribe'] }) {
  const [text, setText] = useState('');
  const local = useRef<HTMLTextAreaElement>(null);
  const ref = props.inputRef ?? local;
  const submit = () => {
    if (!text.trim()) return;
    props.model.send(text);
    props.model.typing(false);
    setText('');
  };
  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={ref}
        class="input"
        rows={1}
        maxLength={10000}
        aria-label={strings.placeholder}
        placeholder={strings.placeholder}
        value={text}
        onInput={(e) => {
          setText((e.currentTarget as HTMLTextAreaElement).value);
          props.model.typing(true);
        }}
        onBlur={() => props.model.typing(false)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      {props.voice && (
        <VoiceButton
          transcribe={props.voice}
          onTranscript={(said) => {
            // Into the message box to edit or send (spec 10); typed text is kept, not replaced.
            setText((before) => (before.trim() ? `${before.trimEnd()} ${said}` : said));
            ref.current?.focus();
          }}
        />
      )}
      <button type="submit" class="send" aria-label={strings.send} disabled={!text.trim()}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M3 20l18-8L3 4v6l12 2-12 2z" fill="currentColor" />
        </svg>
      </button>
    </form>
  );
}
