// Widget hosting (spec 8.2), the frame page, the CSP/embed helpers and the example pages, against the
// real app serving a real vite-shaped build directory (manifest + hashed files) in a temp dir.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let base: string;
let dir: string;
const LOADER = '(function(){var s=document.currentScript;import(new URL("chunks/app-Bq3xY9_z.js",s.src).href)})();\n';
const APP = 'export function mount(){return {}}\n';
const CSS = '.app{color:red}\n';

async function writeBuild(loaderBody: string, hash: string) {
  await mkdir(join(dir, '.vite'), { recursive: true });
  await mkdir(join(dir, 'chunks'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, `loader-${hash}.js`), loaderBody);
  await writeFile(join(dir, 'chunks/app-Bq3xY9_z.js'), APP);
  await writeFile(join(dir, 'assets/app-D4e5F6g7.css'), CSS);
  const manifest = {
    'widget/loader.ts': { file: `loader-${hash}.js`, name: 'loader', src: 'widget/loader.ts', isEntry: true, dynamicImports: ['widget/app/main.tsx'] },
    'widget/app/main.tsx': { file: 'chunks/app-Bq3xY9_z.js', name: 'app', src: 'widget/app/main.tsx', isDynamicEntry: true, css: ['assets/app-D4e5F6g7.css'] },
  };
  await writeFile(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-widget-build-'));
  await writeBuild(LOADER, 'A1b2C3d4');
  t = await createTestApp({ widgetDir: dir });
  base = await t.listen();
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('widget hosting', () => {
  it('serves hashed files with their content type, a one-year immutable cache, CORS and CORP', async () => {
    const js = await get('/widget/chunks/app-Bq3xY9_z.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.body).toBe(APP);
    const css = await get('/widget/assets/app-D4e5F6g7.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toContain('immutable');
    // Revalidation of an unchanged file.
    const again = await get('/widget/assets/app-D4e5F6g7.css', { 'if-none-match': String(css.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serves the loader under the stable URL with a short cache, and its SRI hash', async () => {
    const alias = await get('/widget/loader.js');
    expect(alias.statusCode).toBe(200);
    expect(alias.body).toBe(LOADER);
    expect(alias.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(alias.headers['cache-control']).toMatch(/^public, max-age=300\b/);
    expect(alias.headers['cache-control']).not.toContain('immutable');
    expect(alias.headers['access-control-allow-origin']).toBe('*');

    const info = (await get('/widget/loader.json')).json();
    expect(info.url).toBe(`${base}/widget/loader-A1b2C3d4.js`);
    expect(info.alias_url).toBe(`${base}/widget/loader.js`);
    const hashed = await get('/widget/loader-A1b2C3d4.js');
    expect(hashed.headers['cache-control']).toContain('immutable');
    const expected = `sha384-${createHash('sha384').update(hashed.rawPayload).digest('base64')}`;
    expect(info.integrity).toBe(expected);
  });

  it('answers 404 for unknown assets, build metadata and path tricks', async () => {
    for (const url of ['/widget/nope.js', '/widget/.vite/manifest.json', '/widget/../package.json', '/widget/%2e%2e/package.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('picks up a rebuild without a restart', async () => {
    await writeBuild(LOADER + '// v2\n', 'Z9y8X7w6');
    const info = (await get('/widget/loader.json')).json();
    expect(info.url).toMatch(/loader-Z9y8X7w6\.js$/);
    expect((await get('/widget/loader.js')).body).toContain('// v2');
  });

  it('still starts without a build and says how to make one', async () => {
    const bare = await createTestApp({ widgetDir: join(dir, 'missing') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/widget/loader.js' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/npm run build/);
      expect((await bare.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

describe('frame page', () => {
  it('is a full page with a strict nonce CSP and no inline script or style', async () => {
    const res = await get(`/frame/${t.demo.frame_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    const d = csp(policy);
    const nonce = /'nonce-([^']+)'/.exec(d['script-src'].join(' '))?.[1];
    expect(nonce).toBeTruthy();
    expect(d['script-src']).toContain("'strict-dynamic'");
    expect(d['default-src']).toEqual(["'none'"]);
    expect(d['connect-src']).toEqual(expect.arrayContaining([base, base.replace('http', 'ws')]));
    expect(d['img-src']).toContain('data:');
    // Only the tag with the nonce runs: every <script> has it and a src; no inline style anywhere.
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1]).toContain(`nonce="${nonce}"`);
    expect(scripts[0][1]).toContain(`src="${base}/widget/loader-`);
    expect(scripts[0][1]).toContain(`data-frame-id="${t.demo.frame_id}"`);
    expect(scripts[0][1]).toMatch(/integrity="sha384-/);
    expect(scripts[0][2]).toBe('');
    expect(res.body).not.toMatch(/<style|style="/);
    // A fresh nonce per response.
    const second = await get(`/frame/${t.demo.frame_id}`);
    expect(String(second.headers['content-security-policy'])).not.toContain(nonce!);
  });

  it("takes frame-ancestors from the channel's allowed origins", async () => {
    const { project_id, channel_id } = t.demo;
    await t.app.ctx.services.projects.updateChannel(project_id, channel_id, { allowed_origins: ['https://shop.example', 'https://www.shop.example'] });
    const d = csp((await get(`/frame/${t.demo.frame_id}`)).headers['content-security-policy']);
    expect(d['frame-ancestors']).toEqual(expect.arrayContaining(["'self'", 'https://shop.example', 'https://www.shop.example']));
    await t.app.ctx.services.projects.updateChannel(project_id, channel_id, { allowed_origins: ['*'] });
    expect(csp((await get(`/frame/${t.demo.frame_id}`)).headers['content-security-policy'])['frame-ancestors']).toEqual(['*']);
    await t.app.ctx.services.projects.updateChannel(project_id, channel_id, { allowed_origins: [base] });
  });

  it('answers an unknown frame id with a 404 page', async () => {
    const res = await get('/frame/fr_unknown');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Chat not found');
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-inline/);
  });
});

describe('CSP and embed helpers', () => {
  it('prints the policy of each mode from the configured URLs', async () => {
    for (const mode of ['launcher', 'inline', 'iframe', 'frame']) {
      const res = await get(`/v1/widget/csp?mode=${mode}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(body.policy).toContain("'nonce-{NONCE}'");
    }
    const launcher = (await get('/v1/widget/csp?mode=launcher')).json();
    expect(launcher.directives['connect-src']).toEqual(expect.arrayContaining([base, base.replace('http', 'ws')]));
    expect(launcher.directives['script-src']).toContain(`${base}/widget/`);
    expect(launcher.directives['img-src']).toContain('data:');
    expect((await get('/v1/widget/csp?mode=iframe')).json().directives['frame-src']).toContain(base);
    expect((await get('/v1/widget/csp?mode=bogus')).statusCode).toBe(400);
  });

  it('gives the embed snippet on the stable loader, without an SRI hash an upgrade would break', async () => {
    const res = (await get(`/v1/widget/embed?frame_id=${t.demo.frame_id}&mode=inline&target=%23help`)).json();
    expect(res.html).toMatch(/^<script async src="[^"]+\/widget\/loader\.js" data-frame-id=/);
    expect(res.integrity).toBeNull();
    expect(res.html).toContain(`data-frame-id="${t.demo.frame_id}"`);
    expect(res.html).toContain('data-mode="inline" data-target="#help"');
    expect((await get('/v1/widget/embed?frame_id=fr_nope')).statusCode).toBe(404);
  });
});

describe('example pages', () => {
  it('lists every example at /examples/', async () => {
    const res = await get('/examples/');
    expect(res.statusCode).toBe(200);
    for (const page of ['launcher.html', 'inline.html', 'iframe.html', 'strict-csp.html', 'two-widgets.html']) {
      expect(res.body).toContain(`${base}/examples/${page}`);
    }
    expect((await get('/examples')).statusCode).toBe(302);
  });

  it('fills each page with this server, the demo frame ids and a fresh nonce, and sends its CSP', async () => {
    const channels = await t.app.ctx.services.projects.listChannels(t.demo.project_id);
    const second = channels.find((c) => c.frame_id !== t.demo.frame_id)!;
    for (const page of ['launcher', 'inline', 'iframe', 'strict-csp', 'two-widgets']) {
      const res = await get(`/examples/${page}.html`);
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).not.toMatch(/\{\{[A-Z_0-9]+\}\}/);
      expect(res.body).toContain(t.demo.frame_id);
      const policy = String(res.headers['content-security-policy']);
      expect(policy, page).not.toMatch(/unsafe-inline|unsafe-eval/);
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      for (const [, attrs] of res.body.matchAll(/<script([^>]*)>/g)) expect(attrs, page).toContain(`nonce="${nonce}"`);
      expect(res.body, page).not.toMatch(/<style|style="/);
    }
    expect((await get('/examples/two-widgets.html')).body).toContain(`data-frame-id="${second.frame_id}"`);
    const strict = await get('/examples/strict-csp.html');
    expect(csp(strict.headers['content-security-policy'])['default-src']).toEqual(["'none'"]);
    expect(strict.body).toMatch(/integrity="sha384-[^"]+"/);
    expect((await get('/examples/example.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await get('/examples/nope.html')).statusCode).toBe(404);
    expect((await get('/examples/..%2fpackage.json')).statusCode).toBe(404);
  });
});

describe('documentation pages the demo answers cite', () => {
  it('serves README.md, csp.md and docs/*.md as plain text, and nothing else', async () => {
    for (const path of ['/docs/README.md', '/docs/csp.md']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
    expect((await get('/docs/csp.md')).body).toContain('Content-Security-Policy');
    for (const path of ['/docs/package.json', '/docs/..%2Fpackage.json', '/docs/docs/..%2F..%2Fetc%2Fpasswd.md', '/docs/server/config.ts', '/docs/nope.md']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });
});
