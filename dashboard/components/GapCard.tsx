// One knowledge gap (docs/knowledge.md "Knowledge gaps"): the visitors' most frequent phrasing, how
// often and how lately it was asked, every phrasing, a few conversations that asked it, and, for a
// role that may change the knowledge, the answer form (a snippet whose alternative questions are all
// the phrasings) and Dismiss.
import { useState } from 'preact/hooks';
import type { Gap } from '../models/knowledge-gaps.js';
import { conversationPath } from '../paths.js';
import { ago, fullTime } from './format.js';

const TREND = { rising: '↑ rising', falling: '↓ falling', steady: '→ steady' } as const;

function reasons(r: Gap['reasons']): string {
  const parts = [
    r.no_answer && `${r.no_answer} without an answer`,
    r.suggestions && `${r.suggestions} with suggestions only`,
    r.handover && `${r.handover} handed to a person`,
  ];
  return parts.filter(Boolean).join(', ');
}

interface Props {
  projectId: string;
  gap: Gap;
  canWrite: boolean;
  onAnswer(gap: Gap, question: string, content: string): Promise<boolean>;
  onDismiss(gap: Gap): void;
}

export function GapCard({ projectId, gap, canWrite, onAnswer, onDismiss }: Props) {
  const [writing, setWriting] = useState(false);
  const [question, setQuestion] = useState(gap.question);
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `gap-${gap.id}`;
  const others = gap.phrasings.length - 1;

  async function save(e: Event) {
    e.preventDefault();
    if (!content.trim() || !question.trim()) return;
    setBusy(true);
    const ok = await onAnswer(gap, question, content);
    setBusy(false);
    if (ok) setWriting(false);
  }

  return (
    <li class="card gap" data-gap-id={gap.id}>
      <div class="gap-head">
        <h2 id={`${id}-q`}>{gap.question}</h2>
        <span class="chip">{gap.count === 1 ? 'asked once' : `asked ${gap.count} times`}</span>
      </div>
      <dl class="gap-facts">
        <div>
          <dt>Last 7 days</dt>
          <dd>
            {gap.trend.last_7_days} <span class="muted">(7 days before: {gap.trend.previous_7_days})</span> <span class={`trend trend-${gap.trend.direction}`}>{TREND[gap.trend.direction]}</span>
          </dd>
        </div>
        <div>
          <dt>Last asked</dt>
          <dd>
            <time dateTime={gap.last_seen_at} title={fullTime(gap.last_seen_at)}>
              {ago(gap.last_seen_at)}
            </time>
          </dd>
        </div>
        <div>
          <dt>Why</dt>
          <dd>{reasons(gap.reasons)}</dd>
        </div>
        <div>
          <dt>Asked in</dt>
          <dd>
            <ul class="gap-examples">
              {gap.conversation_ids.map((c, i) => (
                <li key={c}>
                  <a href={conversationPath(projectId, c)}>
                    Conversation {i + 1}
                    <span class="sr-only"> that asked “{gap.question}”</span>
                  </a>
                </li>
              ))}
            </ul>
            {gap.conversation_count > gap.conversation_ids.length && <span class="muted"> and {gap.conversation_count - gap.conversation_ids.length} more</span>}
          </dd>
        </div>
      </dl>
      <details class="gap-phrasings">
        <summary>{gap.phrasings.length === 1 ? '1 phrasing' : `${gap.phrasings.length} phrasings`}</summary>
        <ul aria-label={`Phrasings of “${gap.question}”`}>
          {gap.phrasings.map((p) => (
            <li key={p.text}>
              {p.text} {p.count > 1 && <span class="muted">×{p.count}</span>}
            </li>
          ))}
        </ul>
      </details>
      {canWrite && !writing && (
        <div class="form-actions">
          <button type="button" class="btn btn-primary" onClick={() => (setWriting(true), setTimeout(() => document.getElementById(`${id}-answer`)?.focus()))}>
            Write the answer<span class="sr-only"> to “{gap.question}”</span>
          </button>
          <button type="button" class="btn" onClick={() => onDismiss(gap)}>
            Dismiss<span class="sr-only"> “{gap.question}”</span>
          </button>
        </div>
      )}
      {canWrite && writing && (
        <form class="form-grid gap-form" aria-label={`Answer “${gap.question}”`} onSubmit={save}>
          <label class="field wide">
            <span>FAQ question</span>
            <input required maxLength={1000} value={question} onInput={(e) => setQuestion((e.target as HTMLInputElement).value)} />
          </label>
          <label class="field wide">
            <span>Answer (Markdown)</span>
            <textarea id={`${id}-answer`} rows={5} required maxLength={100000} value={content} onInput={(e) => setContent((e.target as HTMLTextAreaElement).value)} />
          </label>
          <p class="muted wide">
            {others > 0 ? `The other ${others === 1 ? 'phrasing is' : `${others} phrasings are`} kept as alternative questions.` : 'Saved as a snippet with this question.'}
          </p>
          <div class="form-actions wide">
            <button type="submit" class="btn btn-primary" disabled={busy}>
              Save as snippet
            </button>
            <button type="button" class="btn" onClick={() => setWriting(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
