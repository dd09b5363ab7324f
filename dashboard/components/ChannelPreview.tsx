// The channel preview is the real widget: the channel's own frame page
// (CHAT_URL/frame/{frame_id}, the iframe-mode page every visitor of an iframe embed gets), with the
// settings being edited posted to it on every keystroke, before anything is saved. The widget lays
// them over its channel config (widget/app/preview.ts), so the name, welcome message, colour, side,
// placeholder and language shown are the ones visitors get. `?preview` makes the frame listen;
// `cookies=memory` keeps the console's browser from becoming a stored visitor of the channel.
import { useEffect, useRef, useState } from 'preact/hooks';
import { loadSnippets, type ChannelOut, type PatchChannelBody } from '../models/channels.js';
import { DEFAULT_ACCENT } from '../../shared/channel-defaults.js';

/** widget/app/preview.ts: the frame says it listens; the console sends the settings. */
const READY = 'parley-preview-ready';
const SETTINGS = 'parley-preview';

/** What the widget shows for the draft in `language` (none: the visitor's own language). */
export function previewSettings(draft: PatchChannelBody, language: string) {
  const texts = (language && draft.texts?.[language]) || {};
  return {
    name: texts.name || draft.name || undefined,
    greeting: texts.greeting || draft.greeting || null,
    locale: language || draft.locale || null,
    theme: { color: draft.theme?.color ?? DEFAULT_ACCENT, position: draft.theme?.position ?? 'right' },
  };
}

export function ChannelPreview({ channel, draft, language }: { channel: ChannelOut; draft: PatchChannelBody; language: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [frameUrl, setFrameUrl] = useState<string | null>(null);
  const settings = previewSettings(draft, language);
  const send = () => {
    if (frameUrl) frame.current?.contentWindow?.postMessage({ type: SETTINGS, channel: settings }, new URL(frameUrl).origin);
  };
  useEffect(() => {
    loadSnippets(channel.project_id, channel.id).then(
      (s) => setFrameUrl(s.frame_url),
      () => setFrameUrl(null),
    );
  }, [channel.id]);
  useEffect(() => {
    if (!frameUrl) return;
    const origin = new URL(frameUrl).origin;
    // The widget loads after the frame's page: it asks for the settings once it listens.
    const onMessage = (e: MessageEvent) => {
      if (e.source === frame.current?.contentWindow && e.origin === origin && e.data?.type === READY) send();
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  });
  useEffect(send, [JSON.stringify(settings), frameUrl]);
  return (
    <figure class="preview" aria-label="Widget preview">
      {/* The frame's room is kept while its address loads, so the page below does not jump. */}
      {frameUrl ? <iframe ref={frame} class="preview-frame" src={`${frameUrl}?preview&cookies=memory`} title="Widget preview: the live widget with these settings" /> : <div class="preview-frame" />}
      <figcaption class="muted">
        Preview{language ? ` in ${language}` : ''}: the live widget with these settings, before saving. It opens on the {settings.theme.position} on your site.
      </figcaption>
    </figure>
  );
}
