// Builds the team console (dashboard/, docs in README "Team console") into dist/dashboard, served by
// the server at /app (server/domains/console). A separate Preact app and bundle from the widget: the
// widget never loads it. index.html references only hashed script and stylesheet files, so the page
// runs under a strict CSP with no 'unsafe-inline'. Pages are split into chunks loaded on demand
// (preact-iso `lazy`); `npm run size` measures the first screen from the manifest.
// Every text asset also gets .br and .gz copies, as the widget build does, so the server sends
// compressed bytes without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';

const OUT = resolve(import.meta.dirname, 'dist/dashboard');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? (name.startsWith('.') ? [] : listFiles(path)) : [path];
  });
}

function precompress(): Plugin {
  return {
    name: 'parley-console-precompress',
    apply: 'build',
    closeBundle() {
      for (const path of listFiles(OUT)) {
        if (!/\.(js|css|html|svg|json)$/.test(path)) continue;
        const body = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The inbox is the console's landing page (/app opens the first project's inbox): index.html names
 * its chunk, the chunks it imports and its CSS, so the browser fetches them while it reads the page,
 * not after the entry has run and the session is known. Other pages still load on demand.
 */
function preloadInbox(): Plugin {
  let base = '/';
  return {
    name: 'parley-console-preload-inbox',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const inbox = chunks.find((c) => c.facadeModuleId?.endsWith('/pages/InboxPage.tsx'));
        if (!inbox) throw new Error('console build: no chunk for pages/InboxPage.tsx');
        const entry = new Set<string>();
        const walk = (names: string[], into: Set<string>) => {
          for (const name of names) {
            if (into.has(name)) continue;
            into.add(name);
            const c = bundle[name];
            if (c?.type === 'chunk') walk(c.imports, into);
          }
        };
        walk(chunks.filter((c) => c.isEntry).map((c) => c.fileName), entry);
        const files = new Set<string>();
        walk([inbox.fileName], files);
        const cssOf = (names: Set<string>) => new Set([...names].flatMap((f) => [...((bundle[f] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]));
        const entryCss = cssOf(entry);
        const link = (attrs: Record<string, string | boolean>) => ({ tag: 'link', attrs: { ...attrs, crossorigin: true }, injectTo: 'head' as const });
        return [
          ...[...files].filter((f) => !entry.has(f)).map((f) => link({ rel: 'modulepreload', href: `${base}${f}` })),
          ...[...cssOf(files)].filter((f) => !entryCss.has(f)).map((f) => link({ rel: 'preload', as: 'style', href: `${base}${f}` })),
        ];
      },
    },
  };
}

/**
 * The modules the inbox page imports statically (filled at the end of the module graph's build,
 * read by the chunk groups below, which run after it).
 */
const inboxModules = new Set<string>();
function collectInbox(): Plugin {
  return {
    name: 'parley-console-inbox-modules',
    apply: 'build',
    buildEnd() {
      inboxModules.clear();
      const page = [...this.getModuleIds()].find((id) => id.endsWith('/dashboard/pages/InboxPage.tsx'));
      const walk = (id: string) => {
        if (inboxModules.has(id)) return;
        inboxModules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
      };
      if (page) walk(page);
    },
  };
}

export default defineConfig({
  root: resolve(import.meta.dirname, 'dashboard'),
  base: '/app/',
  plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false }), collectInbox(), preloadInbox(), precompress()],
  publicDir: false,
  build: {
    outDir: OUT,
    emptyOutDir: true,
    manifest: true,
    // The polyfill would be fine under CSP (it is bundled, not inline) but every target browser has modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Few files for the first screen: the console is served over HTTP/1.1, six connections to
        // the server, and the automatic split made seventeen files of it (the entry's imports apart,
        // and one chunk, some of 100 bytes, per set of pages sharing a module), queued behind each
        // other before the first rows. Now the entry is one file with everything it imports, and the
        // inbox (the landing page) two more: its page and everything else it imports (another page
        // that shares a module with it loads that chunk too). The other pages split as before.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // The page module itself keeps a chunk of its own: the manifest names the page (npm run size).
            { name: 'inbox', priority: 1, test: (id) => inboxModules.has(id) && !id.endsWith('/pages/InboxPage.tsx') },
          ],
        },
      },
    },
  },
});
