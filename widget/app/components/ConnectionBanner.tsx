// The connection state is always visible (issue 4: "reconnect with a visible state").
import { useEffect, useState } from 'preact/hooks';
import type { ChatState } from '../model.js';
import { strings } from '../strings.js';
import { errorText } from '../../i18n/errors.js';

export function ConnectionBanner(props: { state: ChatState; onRetry: () => void }) {
  const { connection, retryInMs, ready, notice } = props.state;
  const [now, setNow] = useState(Date.now());
  const [until, setUntil] = useState(0);
  useEffect(() => setUntil(retryInMs ? Date.now() + retryInMs : 0), [retryInMs]);
  useEffect(() => {
    if (!until) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [until]);

  if (connection === 'online') {
    return notice ? (
      <div class="banner banner-warn" role="alert" data-error={notice.error}>
        {errorText(notice.error, strings)}
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
