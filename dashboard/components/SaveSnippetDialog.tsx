// Save as snippet, from a conversation (docs/knowledge.md "Knowledge gaps"): the team's reply to a
// visitor question the AI could not answer confidently becomes a snippet, the visitor's words its FAQ
// question. Both are prefilled and can be edited first. A native <dialog>: focus moves in and stays,
// Escape cancels.
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import '../styles/knowledge-gaps.css';
import { saveQuestionSnippet } from '../models/knowledge-gaps.js';
import type { Message } from '../../shared/schemas/entities.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

interface Props {
  projectId: string;
  conversationId: string;
  /** The visitor's question and the reply that answers it; null: closed. */
  pair: { question: Message; reply: Message } | null;
  onClose(saved?: string): void;
}

export function SaveSnippetDialog({ projectId, conversationId, pair, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [question, setQuestion] = useState('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const { error, setError, guard } = useErrorLine();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (pair) {
      setQuestion(pair.question.content.replace(/\s+/g, ' ').trim());
      setContent(pair.reply.content);
      setError('');
      if (!d.open) d.showModal();
    } else if (d.open) d.close();
  }, [pair?.reply.id]);

  async function save(e: Event) {
    e.preventDefault();
    if (!pair || !question.trim() || !content.trim()) return;
    setBusy(true);
    const snippet = await guard(() => saveQuestionSnippet(projectId, conversationId, pair.question.id, { question, content }));
    setBusy(false);
    if (snippet) onClose(`Saved as a snippet: “${snippet.question}”.`);
  }

  return (
    <dialog ref={ref} class="dialog snippet-dialog" aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), onClose())}>
      <h2 id={titleId}>Save as snippet</h2>
      <form onSubmit={save}>
        <p class="muted">The AI answers this question from the snippet from now on; channels that follow an alias after the next build.</p>
        <label class="field">
          <span>FAQ question</span>
          <input required maxLength={1000} value={question} onInput={(e) => setQuestion((e.target as HTMLInputElement).value)} />
        </label>
        <label class="field">
          <span>Answer (Markdown)</span>
          <textarea rows={6} required maxLength={100000} value={content} onInput={(e) => setContent((e.target as HTMLTextAreaElement).value)} />
        </label>
        <ErrorAlert text={error} />
        <div class="dialog-actions">
          <button type="button" class="btn" onClick={() => onClose()}>
            Cancel
          </button>
          <button type="submit" class="btn btn-primary" disabled={busy}>
            Save snippet
          </button>
        </div>
      </form>
    </dialog>
  );
}
