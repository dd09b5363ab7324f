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

export default defineConfig({
  root: resolve(import.meta.dirname, 'dashboard'),
  base: '/app/',
  plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false }), precompress()],
  publicDir: false,
  build: {
    outDir: OUT,
    emptyOutDir: true,
    manifest: true,
    // The polyfill would be fine under CSP (it is bundled, not inline) but every target browser has modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: 'assets/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
});
