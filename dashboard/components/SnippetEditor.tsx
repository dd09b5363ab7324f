// Manual snippets (spec 2.11): a title, an optional FAQ question it answers directly (with other
// phrasings of it, one per line: docs/knowledge.md "Knowledge gaps"), and Markdown content with a live preview. The preview uses the widget's own tiny renderer (widget/app/markdown.ts)
// so it shows what a visitor will see, builds nodes rather than HTML (no 'unsafe-inline', no XSS)
// and adds no parser to the console.
import { useEffect, useState } from 'preact/hooks';
import { renderMarkdown } from '../../widget/app/markdown.js';
import { deleteSnippet, loadSnippets, saveSnippet, snippets } from '../models/snippets.js';
import { loadSources } from '../models/knowledge.js';
import type { DataProvider, Snippet } from '../models/knowledge-api.js';
import { errorText } from '../models/api.js';

const EMPTY = { title: '', question: '', alternatives: '', content: '', url: '' };

export function SnippetEditor({ projectId, provider }: { projectId: string; provider: DataProvider }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    snippets.value = null;
    void loadSnippets(projectId, provider.id).catch((err) => setMessage({ ok: false, text: errorText(err) }));
  }, [projectId, provider.id]);

  const edit = (s: Snippet | null) => {
    setEditing(s?.id ?? null);
    setForm(s ? { title: s.title, question: s.question ?? '', alternatives: s.alternative_questions.join('\n'), content: s.content, url: s.url ?? '' } : EMPTY);
    setMessage(null);
    document.getElementById('snippet-title')?.focus();
  };

  async function save(e: Event) {
    e.preventDefault();
    try {
      const alternative_questions = form.alternatives.split('\n').map((q) => q.trim()).filter(Boolean);
      await saveSnippet(projectId, provider.id, editing, { title: form.title.trim(), question: form.question.trim() || null, alternative_questions, content: form.content, url: form.url.trim() || null });
      setMessage({ ok: true, text: editing ? 'Snippet updated and re-indexed.' : 'Snippet saved and indexed.' });
      setEditing(null);
      setForm(EMPTY);
      void loadSources(projectId, provider.id).catch(() => undefined);
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  }

  async function remove(s: Snippet) {
    try {
      await deleteSnippet(projectId, s.id);
      setMessage({ ok: true, text: `Deleted “${s.title || 'snippet'}”.` });
      void loadSources(projectId, provider.id).catch(() => undefined);
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  }

  const set = (key: keyof typeof EMPTY) => (e: Event) => setForm({ ...form, [key]: (e.target as HTMLInputElement).value });
  return (
    <section class="card" aria-labelledby="snippets-title">
      <h2 id="snippets-title">Snippets</h2>
      <ul class="snippet-list">
        {(snippets.value ?? []).map((s) => (
          <li key={s.id}>
            <span class="snippet-name">{s.title || s.question || s.content.slice(0, 60)}</span>
            {s.question && <span class="chip">FAQ</span>}
            {s.alternative_questions.length > 0 && <span class="chip">{s.alternative_questions.length === 1 ? '1 more phrasing' : `${s.alternative_questions.length} more phrasings`}</span>}
            <span class="snippet-actions">
              <button type="button" class="btn btn-quiet" onClick={() => edit(s)}>
                Edit<span class="sr-only"> {s.title}</span>
              </button>
              <button type="button" class="btn btn-quiet" onClick={() => void remove(s)}>
                Delete<span class="sr-only"> {s.title}</span>
              </button>
            </span>
          </li>
        ))}
      </ul>
      <form class="form-grid" onSubmit={save} aria-label={editing ? 'Edit snippet' : 'New snippet'}>
        <h3 class="wide">{editing ? 'Edit snippet' : 'New snippet'}</h3>
        <label class="field">
          <span>Title</span>
          <input id="snippet-title" maxLength={300} value={form.title} onInput={set('title')} />
        </label>
        <label class="field">
          <span>FAQ question (optional)</span>
          <input maxLength={1000} value={form.question} placeholder="How do I reset my password?" onInput={set('question')} />
        </label>
        <label class="field wide">
          <span>Other phrasings of the question (optional, one per line)</span>
          <textarea rows={3} value={form.alternatives} placeholder="I forgot my password" onInput={set('alternatives')} />
        </label>
        <label class="field wide">
          <span>Content (Markdown)</span>
          <textarea rows={8} required maxLength={100000} value={form.content} onInput={set('content')} />
        </label>
        <div class="wide preview" aria-label="Preview" role="region">
          <p class="muted preview-label">Preview</p>
          <div class="markdown">{form.content.trim() ? renderMarkdown(form.content) : <p class="muted">Nothing to preview yet.</p>}</div>
        </div>
        <label class="field wide">
          <span>Link readers to (optional URL)</span>
          <input type="url" value={form.url} onInput={set('url')} />
        </label>
        <div class="form-actions wide">
          <button class="btn btn-primary" type="submit">
            {editing ? 'Update snippet' : 'Save snippet'}
          </button>
          {editing && (
            <button class="btn" type="button" onClick={() => edit(null)}>
              Cancel editing
            </button>
          )}
        </div>
        {message && (
          <p role={message.ok ? 'status' : 'alert'} class={`wide ${message.ok ? 'ok' : 'error'}`}>
            {message.text}
          </p>
        )}
      </form>
    </section>
  );
}
