// Asks for permission to show browser notifications for escalations (only on a click: browsers refuse
// a request without a user gesture).
import { enableNotifications, notificationPermission } from '../models/notifications.js';

export function NotifyButton() {
  const p = notificationPermission.value;
  if (p === 'unsupported' || p === 'granted') return null;
  return (
    <button type="button" class="btn btn-quiet" onClick={() => void enableNotifications()} disabled={p === 'denied'} title={p === 'denied' ? 'Notifications are blocked in the browser settings' : undefined}>
      {p === 'denied' ? 'Notifications blocked' : 'Enable notifications'}
    </button>
  );
}
