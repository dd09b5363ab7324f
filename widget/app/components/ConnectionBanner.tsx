// The connection state is always visible ("reconnect with a visible state"), and so is a
// hold the server asked for (rate_limit_exceeded): its retry_after and a countdown to the re-send.
import { useEffect, useState } from 'preact/hooks';
import type { ChatState } from '../model.js';
import { strings } from '../strings.js';
import { errorText } from '../../i18n/errors.js';

export function ConnectionBanner(props: { state: ChatState; onRetry: () => void }) {
  const { connection, retryInMs, ready, notice, hold } = props.state;
  const [now, setNow] = useState(Date.now());
  const [until, setUntil] = useState(0);
  useEffect(() => setUntil(retryInMs ? Date.now() + retryInMs : 0), [retryInMs]);
  const ticking = until || hold?.until || 0;
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [ticking]);

  if (connection === 'online') {
    const held = hold ? Math.max(0, Math.ceil((hold.until - now) / 1000)) : 0;
    return notice ? (
      <div class="banner banner-warn" role="alert" data-error={notice.error} data-retry-after={hold?.retryAfter}>
        <span class="banner-text">{errorText(notice.error, strings)}</span>
        {/* Outside the alert's words: the countdown changes every second and is not re-announced. */}
        {held > 0 && (
          <span class="banner-sub" aria-hidden="true" data-hold={held}>
            {' '}
            {strings.sendingIn(held)}
          </span>
        )}
      </div>
    ) : null;
  }
  if (connection === 'connecting') {
    return (
      <div class="banner" role="status" data-connection="connecting">
        {strings.connecting}
      </div>
    );
  }
  const seconds = until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
  return (
    <div class="banner banner-warn" role="status" data-connection="offline">
      <span>{notice && !ready ? errorText(notice.error, strings) : strings.offline}</span>
      {seconds > 0 && <span class="banner-sub"> {strings.retryIn(seconds)}</span>}
      <button type="button" class="link-btn" onClick={props.onRetry}>
        {strings.retryNow}
      </button>
    </div>
  );
}
