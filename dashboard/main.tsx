// The team console's entry (served at /app): restores the session, then renders the shell and the
// router. Everything page-specific is in lazy chunks (routes.ts), so this entry stays small.
import { render } from 'preact';
import './styles/base.css';
import { App } from './App.js';
import { restoreSession } from './models/session.js';

void restoreSession();
render(<App />, document.getElementById('root')!);
