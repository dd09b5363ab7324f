// Knowledge gaps (docs/knowledge.md "Knowledge gaps"): what visitors asked that the AI could not
// answer confidently, or that went to a person, grouped by what they ask, the most asked first. The
// team writes the answer once; it becomes a snippet whose questions are the visitors' own words.
import { useEffect, useState } from 'preact/hooks';
import '../styles/panels.css';
import '../styles/knowledge-gaps.css';
import { answerGap, dismissGap, gapDays, gaps, loadGaps, type Gap } from '../models/knowledge-gaps.js';
import { currentMember } from '../models/session.js';
import { pageTitle, BASE_TITLE } from '../models/notifications.js';
import { roleHas } from '../../shared/roles.js';
import { Loading } from '../components/Loading.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useErrorLine } from '../components/use-error-line.js';
import { GapCard } from '../components/GapCard.js';

const DAYS = [14, 30, 90, 365];

export default function KnowledgeGapsPage({ project }: { project: string }) {
  const { error, guard, showError } = useErrorLine();
  const [done, setDone] = useState('');
  const [days, setDays] = useState(gapDays.peek());
  useEffect(() => {
    pageTitle.value = `Knowledge gaps · ${BASE_TITLE}`;
    gapDays.value = days;
    void loadGaps(project).catch(showError);
  }, [project, days]);
  const member = currentMember.value;
  const canWrite = Boolean(member && roleHas(member.role, 'knowledge:write'));
  const list = gaps.value;

  async function answer(gap: Gap, question: string, content: string): Promise<boolean> {
    setDone('');
    const snippet = await guard(() => answerGap(project, gap.id, { question, content }));
    if (!snippet) return false;
    const n = snippet.alternative_questions.length;
    setDone(`Saved as a snippet: “${snippet.question}”${n ? ` with ${n} alternative question${n === 1 ? '' : 's'}` : ''}. Channels that follow an alias answer it after the next build.`);
    return true;
  }

  async function dismiss(gap: Gap) {
    setDone('');
    if ((await guard(() => dismissGap(project, gap.id).then(() => true))) === true) setDone(`Dismissed “${gap.question}”.`);
  }

  return (
    <div class="knowledge-gaps">
      <div class="page-head">
        <h1>Knowledge gaps</h1>
        <label class="field gap-days">
          <span>Asked in the last</span>
          <select value={String(days)} onChange={(e) => setDays(Number((e.target as HTMLSelectElement).value))}>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="muted">
        Questions the AI could not answer confidently, or that went to a person, grouped by what they ask. Write the answer once: it becomes a snippet whose question is the visitors'
        own words, with every other phrasing kept as an alternative question.
      </p>
      {!canWrite && <p class="muted">Your role can read the gaps; answering and dismissing need an owner or admin.</p>}
      <p role="status" class="ok gap-status">
        {done}
      </p>
      <ErrorAlert text={error} />
      {!list && !error && <Loading />}
      {list && !list.length && <p class="empty">No knowledge gaps in the last {days} days: every question was answered confidently.</p>}
      {list && list.length > 0 && (
        <ul class="gap-list" aria-label="Knowledge gaps">
          {list.map((g) => (
            <GapCard key={g.id} projectId={project} gap={g} canWrite={canWrite} onAnswer={answer} onDismiss={(x) => void dismiss(x)} />
          ))}
        </ul>
      )}
    </div>
  );
}
