// A copy button for a secret or a snippet: says "Copied" in a live region, or asks to copy by hand
// when the browser refuses clipboard access (the text stays selectable next to it).
import { useState } from 'preact/hooks';
import { copyText } from '../models/channels.js';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'' | 'copied' | 'failed'>('');
  return (
    <span class="copy">
      <button
        type="button"
        class="btn"
        onClick={async () => setState((await copyText(text)) ? 'copied' : 'failed')}
      >
        {label}
      </button>
      <span role="status" class="muted">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select the text and copy it by hand' : ''}
      </span>
    </span>
  );
}
