// The knowledge tester (POST …/knowledge/test, a dry run): ask a question as a visitor would and see
// the passages retrieval finds, then the reply the agent would give from them with its outcome
// (answer, suggestions or no answer), rendered as the widget renders it.
import { useState } from 'preact/hooks';
import { link, renderMarkdown } from '../../widget/app/markdown.js';
import { api, errorText } from '../models/api.js';
import { knowledgePaths } from '../models/knowledge-api.js';
import type { SourceRef, MessageOutcome } from '../../shared/schemas/entities.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';

interface TestResult {
  passages: { chunk_id: string; title: string; url: string | null; headings: string[]; text: string; score: number; question?: string }[];
  answer: { content: string; sources: SourceRef[]; outcome: MessageOutcome; offer_handoff: boolean };
}

const OUTCOME: Record<MessageOutcome, string> = { answer: 'Answer', suggestions: 'Suggestions (not sure)', no_answer: 'No answer (offers a person)' };

export function KnowledgeTester({ projectId }: { projectId: string }) {
  const [question, setQuestion] = useState('');
  const [result, setResult] = useState<TestResult | null>(null);
  const { error, guard } = useErrorLine();
  const [busy, setBusy] = useState(false);

  async function ask(e: Event) {
    e.preventDefault();
    if (!question.trim()) return;
    setBusy(true);
    await guard(async () => {
      setResult(await api<TestResult>('POST', knowledgePaths.test(projectId), { question: question.trim() }));
    });
    setBusy(false);
  }

  const cite = (n: number) => {
    const s = result?.answer.sources[n - 1];
    return s ? link(s.url, String(n)) : null;
  };
  return (
    <section class="card tester" aria-labelledby="tester-title">
      <h2 id="tester-title">Knowledge tester</h2>
      <form class="inline-form" onSubmit={ask}>
        <label class="field">
          <span>Question</span>
          <input value={question} maxLength={2000} placeholder="How do I install it?" onInput={(e) => setQuestion((e.target as HTMLInputElement).value)} />
        </label>
        <button class="btn btn-primary" type="submit" disabled={busy}>
          Ask
        </button>
      </form>
      <ErrorAlert text={error} />
      {result && (
        <div role="region" aria-label="Test result">
          <h3>
            Outcome: <span data-testid="tester-outcome">{OUTCOME[result.answer.outcome]}</span>
          </h3>
          <div class="tester-answer markdown" data-outcome={result.answer.outcome} aria-label="Answer" role="group">
            {renderMarkdown(result.answer.content, cite)}
          </div>
          {result.answer.sources.length > 0 && (
            <ol class="tester-sources" aria-label="Cited sources">
              {result.answer.sources.map((s) => (
                <li key={s.source_id + s.title}>{s.url && /^https?:/.test(s.url) ? <a href={s.url} target="_blank" rel="noopener noreferrer">{s.title}</a> : s.title}</li>
              ))}
            </ol>
          )}
          <details class="tester-passages" open>
            <summary>{result.passages.length === 1 ? '1 passage retrieved' : `${result.passages.length} passages retrieved`}</summary>
            <ol aria-label="Passages retrieved">
              {result.passages.map((p) => (
                <li key={p.chunk_id}>
                  <strong>{p.title}</strong> {p.headings.length > 0 && <span class="muted">› {p.headings.join(' › ')}</span>} <span class="muted">score {p.score.toFixed(3)}</span>
                  {p.question && <p class="muted">FAQ: {p.question}</p>}
                  <p>{p.text.length > 400 ? `${p.text.slice(0, 400)}…` : p.text}</p>
                </li>
              ))}
            </ol>
          </details>
        </div>
      )}
    </section>
  );
}
