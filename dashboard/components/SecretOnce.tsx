// A secret the server answers only once (a new API key, a webhook's signing secret): what it is, the
// value, and a copy button, while the page still has it.
import type { ComponentChildren } from 'preact';
import { CopyButton } from './CopyButton.js';

export function SecretOnce({ children, value, copyLabel, testId }: { children: ComponentChildren; value: string; copyLabel: string; testId: string }) {
  return (
    <div class="card secret">
      <p>{children}</p>
      <code class="secret-value" data-testid={testId}>
        {value}
      </code>{' '}
      <CopyButton text={value} label={copyLabel} />
    </div>
  );
}
