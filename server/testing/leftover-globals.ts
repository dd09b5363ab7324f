// Test files share a worker's globals (vitest.config.ts isolate: false). A browser global a file
// installs by hand and leaves behind changes what the next files see: the OpenAI client refuses to
// start "in a browser", linkedom reads the leftover location. A file that started without these
// globals must end without them, or it fails here, naming the globals it left.
import { afterAll } from 'vitest';

const BROWSER_GLOBALS = ['window', 'document', 'location', 'navigator'] as const;
const present = () => BROWSER_GLOBALS.filter((name) => Object.getOwnPropertyDescriptor(globalThis, name) !== undefined);
const atStart = new Set(present());

afterAll(() => {
  const left = present().filter((name) => !atStart.has(name));
  if (left.length) throw new Error(`this test file left the global ${left.join(', ')} behind; undo it in afterAll`);
});
