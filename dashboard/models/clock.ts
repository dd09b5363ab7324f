// The current time, refreshed every 30 seconds, so "2 minutes ago" labels stay true on an open page.
import { signal } from '@preact/signals';

export const now = signal(Date.now());
setInterval(() => (now.value = Date.now()), 30_000);
