// A live preview of the widget from the settings being edited: the launcher button and the open
// panel with the header name, the welcome message, the accent colour and the side. Drawn here
// rather than loading the real widget, so it changes with every keystroke before anything is saved.
import type { PatchChannelBody } from '../models/channels.js';

export function ChannelPreview({ draft, language }: { draft: PatchChannelBody; language: string }) {
  const texts = (language && draft.texts?.[language]) || {};
  const name = texts.name || draft.name || 'Chat';
  const greeting = texts.greeting || draft.greeting || 'Hi! How can we help?';
  const color = draft.theme?.color || '#0b57d0';
  const side = draft.theme?.position === 'left' ? 'left' : 'right';
  return (
    <figure class={`preview preview-${side}`} aria-label="Widget preview">
      <div class="preview-panel" ref={(el) => el?.style.setProperty('--accent', color)}>
        <div class="preview-head">{name}</div>
        <div class="preview-body">
          <p class="preview-bubble">{greeting}</p>
        </div>
        <div class="preview-input">Type your message…</div>
      </div>
      <div class="preview-launcher" ref={(el) => el?.style.setProperty('--accent', color)} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
          <path d="M4 4h16v12H7l-3 3z" />
        </svg>
      </div>
      <figcaption class="muted">
        Preview{language ? ` in ${language}` : ''}: launcher on the {side}
      </figcaption>
    </figure>
  );
}
