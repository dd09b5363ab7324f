// The message box: Enter sends, Shift+Enter adds a line. Sending works offline too: the model
// queues the message and delivers it when the connection is back. Above it, a notice line for voice
// input (errors, "transcript ready"): in the flow, so it never covers the rating or the buttons; it
// can be dismissed, and clears by itself after NOTICE_MS or when the visitor types.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatModel } from '../model.js';
import { strings } from '../strings.js';
import { VoiceButton, type VoiceButtonProps } from './VoiceButton.js';

export const NOTICE_MS = 8000;

/** Visitors' files (docs/attachments.md): the channel's limits, checked here to spare a refused upload. */
export interface ComposerFiles {
  max_bytes: number;
  types: string[];
  /** Sends the file (before the first message it starts the conversation); rejects with an error whose `code` is the server's. */
  upload(file: File): Promise<void>;
}

export function Composer(props: { model: ChatModel; inputRef?: { current: HTMLTextAreaElement | null }; voice?: VoiceButtonProps['transcribe']; files?: ComposerFiles }) {
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<{ text: string; busy: boolean } | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const files = props.files;
  // Picked, dropped or pasted: checked, then sent one by one; what went wrong goes to the notice line.
  const send = async (list: Iterable<File>) => {
    if (!files) return;
    for (const file of list) {
      const problem = !files.types.includes(file.type) ? strings.fileType : file.size > files.max_bytes ? strings.fileTooLarge(Math.floor(files.max_bytes / 1048576)) : null;
      if (problem) {
        setNotice({ text: problem, busy: false });
        continue;
      }
      try {
        await files.upload(file);
      } catch (err) {
        const code = (err as { code?: string }).code;
        const said = code === 'payload_too_large' ? strings.fileTooLarge(Math.floor(files.max_bytes / 1048576)) : code === 'unsupported_media_type' ? strings.fileType : strings.fileFailed;
        setNotice({ text: said, busy: false });
      }
    }
  };
  useEffect(() => {
    if (!notice || notice.busy) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
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
      onDragOver={files ? (e) => e.preventDefault() : undefined}
      onDrop={
        files
          ? (e) => {
              e.preventDefault();
              void send(e.dataTransfer?.files ?? []);
            }
          : undefined
      }
    >
      {(props.voice || files) && (
        <div class={`notice-row${notice ? '' : ' empty'}`}>
          {/* Always in the DOM: a live region announces changes only if it was there before them. */}
          <span class="voice-notice" role="status">
            {notice?.text ?? ''}
          </span>
          {notice && !notice.busy && (
            <button type="button" class="icon-btn notice-close" aria-label={strings.dismiss} onClick={() => setNotice(null)}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
              </svg>
            </button>
          )}
        </div>
      )}
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
          if (notice && !notice.busy) setNotice(null);
          props.model.typing(true);
        }}
        onBlur={() => props.model.typing(false)}
        onPaste={
          files
            ? (e) => {
                const pasted = [...(e.clipboardData?.files ?? [])];
                if (!pasted.length) return;
                e.preventDefault();
                void send(pasted);
              }
            : undefined
        }
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      {files && (
        <>
          <input
            ref={picker}
            type="file"
            hidden
            accept={files.types.join(',')}
            onChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              void send([...(input.files ?? [])]);
              input.value = '';
            }}
          />
          <button type="button" class="icon-btn attach" aria-label={strings.attachFile} title={strings.attachFile} onClick={() => picker.current?.click()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M16.5 6.5l-8 8a2 2 0 002.8 2.8l8.5-8.5a4 4 0 00-5.6-5.6L5.6 11.8a6 6 0 008.5 8.5l6.4-6.4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
            </svg>
          </button>
        </>
      )}
      {props.voice && (
        <VoiceButton
          transcribe={props.voice}
          onTranscript={(said) => {
            // Into the message box to edit or send (spec 10); typed text is kept, not replaced.
            setText((before) => (before.trim() ? `${before.trimEnd()} ${said}` : said));
            ref.current?.focus();
          }}
          onNotice={(said, busy = false) => setNotice(said ? { text: said, busy } : null)}
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
