// The team console's entry (served at /app): restores the session, then renders the shell and the
// router. Everything page-specific is in lazy chunks (routes.ts), so this entry stays small.
// What the page at the URL needs is asked for at once, side by side with the session check rather
// than after it: its chunk, and for an inbox its first page of conversations and the waiting queue.
import { render } from 'preact';
import './styles/base.css';
import { App } from './App.js';
import { restoreSession } from './models/session.js';
import { prefetchInbox } from './models/inbox.js';
import { projectIdOf } from './components/Shell.js';
import { preloadPage } from './routes.js';

void restoreSession();
const path = location.pathname;
const projectId = projectIdOf(path);
if (projectId && /^\/app\/p\/[^/]+\/(inbox|c\/[^/]+)\/?$/.test(path)) prefetchInbox(projectId);
preloadPage(path);
render(<App />, document.getElementById('root')!);
