// The model's browser surroundings (window events, document visibility, location) from happy-dom,
// installed by hand for tests that also run a real server in the same process: a whole happy-dom
// environment would also replace the server's URL class. Test files share a worker's globals
// (vitest.config.ts isolate: false), so what is installed for a file is taken away after it: a
// `window` left behind makes later files' libraries think they run in a browser (the OpenAI client
// refuses to start, linkedom reads the leftover location).
import { afterAll, beforeAll } from 'vitest';
import { Window } from 'happy-dom';

const NAMES = ['window', 'document', 'location'] as const;

/** Installs window, document and location for `url()` (read once the server listens) before the file's tests, and removes them after. */
export function useBrowserGlobals(url: () => string): void {
  let win: Window | undefined;
  beforeAll(() => {
    win = new Window({ url: url() });
    Object.assign(globalThis, { window: win, document: win.document, location: win.location });
  });
  afterAll(async () => {
    for (const name of NAMES) Reflect.deleteProperty(globalThis, name);
    await win?.happyDOM.close();
  });
}
