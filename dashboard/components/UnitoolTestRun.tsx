// The test-run of a saved Unitool (docs/behaviour.md "Unitools"): arguments typed as JSON, one run in
// the server's sandbox, and what came back — the printed result, or the failure's code and message
// (timeout, output or memory limit, exit status) — with its duration. Arguments that do not match the
// parameters are the server's 400 and show at the arguments; a server without the sandbox is handed
// up so the page can show the remedy.
import { useState } from 'preact/hooks';
import { parseObject, sandboxProblem, testRunUnitool, type TestRunResult, type Unitool } from '../models/unitools.js';
import { errorText } from '../models/api.js';
import { UnitoolRunResult } from './UnitoolRunResult.js';

type Props = { project: string; tool: Unitool; onSandboxProblem(text: string): void };

export function UnitoolTestRun({ project, tool, onSandboxProblem }: Props) {
  const [args, setArgs] = useState('{}');
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<TestRunResult | null>(null);
  const [error, setError] = useState('');
  const id = `unitool-args-${tool.id}`;

  async function run(e: Event) {
    e.preventDefault();
    setError('');
    setOutcome(null);
    let parsed: Record<string, unknown>;
    try {
      parsed = parseObject(args, 'Arguments');
    } catch (err) {
      setError(errorText(err));
      return;
    }
    setRunning(true);
    try {
      const result = await testRunUnitool(project, tool.id, parsed);
      setOutcome(result);
      const problem = sandboxProblem(result);
      if (problem) onSandboxProblem(problem);
    } catch (err) {
      setError(errorText(err));
      const problem = sandboxProblem(err);
      if (problem) onSandboxProblem(problem);
    } finally {
      setRunning(false);
    }
  }

  return (
    <form class="test-run" aria-labelledby={`${id}-title`} onSubmit={(e) => void run(e)}>
      <h4 id={`${id}-title`}>Test run of {tool.name}</h4>
      <p class="muted hint">Runs the saved code once in the sandbox, as the agent would call it.</p>
      <div class="field">
        <label for={id}>Arguments (JSON)</label>
        <textarea
          id={id}
          class="code"
          rows={3}
          spellcheck={false}
          value={args}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(e) => setArgs((e.target as HTMLTextAreaElement).value)}
        />
        {error && (
          <p id={`${id}-error`} class="error field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div class="form-actions">
        <button type="submit" class="btn" disabled={running}>
          {running ? 'Running…' : 'Test run'}
        </button>
      </div>
      <div role="status">{outcome && <UnitoolRunResult outcome={outcome} />}</div>
    </form>
  );
}
