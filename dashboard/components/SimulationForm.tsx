// "Try a conversation" (docs/behaviour.md "Simulations"): pick the draft or a build, describe the
// visitor, script what they write, and read each reply with what shaped it. Nothing is saved but
// the run itself; its replies are billed like any simulation's.
import { useState } from 'preact/hooks';
import { emptyContext, nextKey, toContext } from '../models/simulation-draft.js';
import { parseTarget, simulate, type Lookups, type SimulationRun } from '../models/simulations.js';
import { ContextFields } from './ContextFields.js';
import { ErrorAlert } from './ErrorAlert.js';
import { RunResult } from './RunResult.js';
import { TargetSelect } from './TargetSelect.js';
import { useErrorLine } from './use-error-line.js';
import { ReasonButton } from './ReasonButton.js';

/** The server takes at most 20 turns per case. */
const MAX_TURNS = 20;

interface Props {
  project: string;
  lookups: Lookups;
  /** Told of every run, so the page can read names the run's traces use and it does not know yet. */
  onRun(run: SimulationRun): void;
}

export function SimulationForm({ project, lookups, onRun }: Props) {
  const [target, setTarget] = useState('draft');
  const [context, setContext] = useState(emptyContext);
  const [messages, setMessages] = useState(() => [{ key: nextKey(), text: '' }]);
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<SimulationRun | null>(null);
  const { error, setError, guard } = useErrorLine();

  const edit = (key: number, text: string) => setMessages((list) => list.map((m) => (m.key === key ? { ...m, text } : m)));

  async function submit(e: Event) {
    e.preventDefault();
    const ctx = toContext(context);
    if (!ctx.ok) return setError(ctx.error);
    setBusy(true);
    const done = await guard(() =>
      simulate(project, { target: parseTarget(target), ...(ctx.value ? { context: ctx.value } : {}), turns: messages.map((m) => ({ user: m.text.trim() })) }),
    );
    setBusy(false);
    if (!done) return;
    setRun(done);
    onRun(done);
  }

  return (
    <section class="card" aria-labelledby="try-title">
      <h2 id="try-title">Try a conversation</h2>
      <form onSubmit={submit} class="sim-form">
        <TargetSelect label="Answer from" value={target} builds={lookups.builds} onChange={setTarget} />
        <ContextFields draft={context} onChange={setContext} />
        <fieldset class="sim-messages">
          <legend>What the visitor writes</legend>
          <ol class="sim-rows">
            {messages.map((m, i) => (
              <li key={m.key} class="sim-row">
                <label class="field">
                  <span>Visitor message {i + 1}</span>
                  <textarea required rows={2} maxLength={4000} value={m.text} onInput={(e) => edit(m.key, (e.target as HTMLTextAreaElement).value)} />
                </label>
                <ReasonButton type="button" class="btn btn-quiet" reason={messages.length === 1 && 'A simulation needs one message.'} onClick={() => setMessages((list) => list.filter((x) => x.key !== m.key))}>
                  Remove message {i + 1}
                </ReasonButton>
              </li>
            ))}
          </ol>
          <ReasonButton type="button" class="btn" reason={messages.length >= MAX_TURNS && `At most ${MAX_TURNS} messages.`} onClick={() => setMessages((list) => [...list, { key: nextKey(), text: '' }])}>
            Add message
          </ReasonButton>
        </fieldset>
        <ErrorAlert text={error} />
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy ? 'Running…' : 'Run'}
          </button>
        </div>
      </form>
      <p role="status" class="sr-only">
        {busy ? 'Running…' : run ? 'The result is below.' : ''}
      </p>
      {run && <RunResult run={run} lookups={lookups} label="Conversation result" />}
    </section>
  );
}
