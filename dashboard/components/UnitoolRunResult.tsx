// What one Unitool run returned (shared/schemas/unitools.ts TestRunResult): a line saying whether it
// worked, how long it took and why it failed (the error code in words plus the server's message, e.g.
// the last lines of a Python traceback), then the result it printed — JSON pretty-printed, text as is.
import { RUN_ERROR_TEXT, type TestRunResult } from '../models/unitools.js';

export function UnitoolRunResult({ outcome }: { outcome: TestRunResult }) {
  const { ok, error, duration_ms, stdout_truncated, result } = outcome;
  const printed = result === undefined || result === null ? '' : typeof result === 'string' ? result : JSON.stringify(result, null, 2);
  return (
    <div class={`run-result ${ok ? 'run-ok' : 'run-failed'}`}>
      <p class="run-line">
        <strong>{ok ? 'Succeeded' : `Failed: ${error ? RUN_ERROR_TEXT[error.code] : 'no details'}`}</strong>
        {error && <code class="run-code">{error.code}</code>}
        <span class="muted">in {duration_ms} ms</span>
      </p>
      {error && <pre class="run-output">{error.message}</pre>}
      {ok && (printed ? <pre class="run-output">{printed}</pre> : <p class="muted">It printed nothing.</p>)}
      {stdout_truncated && <p class="warning">The output was cut at the limit.</p>}
    </div>
  );
}
