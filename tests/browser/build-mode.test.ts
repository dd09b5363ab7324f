// The widget and console the browser tests load are production builds, like `npm run build` ships:
// under vitest NODE_ENV is `test`, which Vite would keep, giving development JSX (source locations)
// and larger, slower bundles that would make the screenshots, `npm run size` and the benches measure
// something no site owner runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureWidgetBuilt } from './harness.js';
import { ensureConsoleBuilt } from './console-harness.js';

const ROOT = join(import.meta.dirname, '../..');

const scripts = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));

describe('builds used by the tests', () => {
  it('are production builds: no development JSX with source locations', () => {
    ensureWidgetBuilt();
    ensureConsoleBuilt();
    for (const dir of ['dist/widget', 'dist/dashboard']) {
      const dev = scripts(join(ROOT, dir)).filter((s) => /lineNumber:\d+,columnNumber:\d+/.test(s.text));
      expect(dev.map((s) => s.file), dir).toEqual([]);
    }
  });
});
