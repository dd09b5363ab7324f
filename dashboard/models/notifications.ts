// Tells online operators that a conversation was escalated (spec 3.1 handoff): a browser
// notification when the member allowed them, a badge in the tab title with the number of escalated
// conversations nobody has taken over, and a line in the console's live region (announced to screen
// readers). The title badge follows the escalated queue, so it clears as conversations are taken over.
import { effect, signal } from '@preact/signals';
import type { Conversation } from '../../shared/schemas/entities.js';
import { escalatedQueue } from './inbox.js';
import { onFeed } from './feed.js';

export const BASE_TITLE = 'Parley console';
export const announcement = signal('');
export const notificationPermission = signal<NotificationPermission | 'unsupported'>(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
export const pageTitle = signal(BASE_TITLE);

export async function enableNotifications(): Promise<void> {
  if (typeof Notification === 'undefined') return;
  notificationPermission.value = await Notification.requestPermission();
}

let openConversation: (c: Conversation) => void = () => undefined;
/** How a click on a notification opens the conversation (set by the app shell, which knows the router). */
export const setNotificationTarget = (fn: (c: Conversation) => void) => {
  openConversation = fn;
};

export function startNotifications(): () => void {
  const stopTitle = effect(() => {
    const n = escalatedQueue.value.length;
    const title = `${n ? `(${n}) ` : ''}${pageTitle.value}`;
    document.title = title;
  });
  const stopFeed = onFeed((event) => {
    if (event.type !== 'conversation.escalated') return;
    const c = event.conversation;
    const text = `Conversation escalated: a visitor asks for a human${c.topic ? ` (${c.topic})` : ''}.`;
    announcement.value = text;
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      const n = new Notification('Parley: conversation escalated', { body: text, tag: `escalated-${c.id}` });
      n.onclick = () => {
        window.focus();
        openConversation(c);
        n.close();
      };
    }
  });
  return () => {
    stopTitle();
    stopFeed();
  };
}
