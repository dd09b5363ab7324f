// An upgrade never breaks a pasted snippet (csp.md "Pinning a version"): the real
// vite build runs twice over a copy of the widget sources, with a widget text changed in between, as
// a release would; the snippet taken after the first build (the one the console copies) still loads
// a working loader after the second, and so does a loader pinned with SRI from the first release.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { sri } from './build.js';

const ROOT = join(import.meta.dirname, '../../..');
let root: string;
let t: TestApp;

/** `vite build` in the copy, as `npm run build` does it (a production build, whatever vitest's NODE_ENV). */
function viteBuild() {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'parley-upgrade-'));
  for (const path of ['widget', 'shared', 'vite.config.ts', 'tsconfig.json', 'package.json']) cpSync(join(ROOT, path), join(root, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  viteBuild();
  t = await createTestApp({ widgetDir: join(root, 'dist/widget') });
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** The path under the server of an absolute URL the server handed out. */
const pathOf = (url: string) => new URL(url).pathname;
/** The app file a loader imports (vite.config.ts bakes its hashed name in). */
const appOf = (loader: string) => /app-[A-Za-z0-9_-]{8}\.js/.exec(loader)?.[0];

async function snippet() {
  const res = await get(`/v1/widget/embed?frame_id=${t.demo.frame_id}&mode=launcher`);
  expect(res.statusCode).toBe(200);
  return res.json() as { html: string; loader_url: string; integrity: string | null };
}

/** Fetches a loader and the app it names; both must be there for the widget to start. */
async function loads(loaderPath: string) {
  const loader = await get(loaderPath);
  expect(loader.statusCode, loaderPath).toBe(200);
  const app = appOf(loader.body);
  expect(app, `${loaderPath} names an app file`).toBeTruthy();
  const appRes = await get(`/widget/${app}`);
  expect(appRes.statusCode, app).toBe(200);
  expect(appRes.body).toContain('mount');
  return { loader, app: app! };
}

describe('a pasted snippet across an upgrade', () => {
  it('keeps working after the next build, and a pinned release keeps its SRI bytes', async () => {
    const before = await snippet();
    // The console's snippet (the same tag) and the public one use the stable URL, with no SRI that
    // the next release's bytes would fail.
    expect(pathOf(before.loader_url)).toBe('/widget/loader.js');
    expect(before.integrity).toBeNull();
    expect(before.html).not.toContain('integrity=');
    const first = await loads(pathOf(before.loader_url));
    const pinned = (await get('/widget/loader.json')).json() as { url: string; integrity: string };

    // A release: a widget text changes, so the app, its loader and their hashes all change.
    const en = join(root, 'widget/i18n/en.ts');
    writeFileSync(en, readFileSync(en, 'utf8').replace("placeholder: 'Write a message…'", "placeholder: 'Write your message…'"));
    viteBuild();

    const after = await snippet();
    expect(after.html).toBe(before.html);
    const second = await loads(pathOf(before.loader_url));
    expect(second.app).not.toBe(first.app);
    expect((await get(`/widget/${second.app}`)).body).toContain('Write your message…');

    // The first release's pinned loader is still served, byte for byte (its SRI hash holds), and
    // so is the app it imports.
    const old = await loads(pathOf(pinned.url));
    expect(sri(old.loader.rawPayload)).toBe(pinned.integrity);
    expect(old.app).toBe(first.app);
    expect((await get('/widget/loader.json')).json().url).not.toBe(pinned.url);
  }, 240_000);
});
