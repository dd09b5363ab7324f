// Builds the widget into dist/widget (docs/architecture.md section 4), which the server serves under CDN_URL/widget/:
//   app-[hash].js   the Preact app, an ES module loaded lazily by dynamic import() (works under
//                   'strict-dynamic': the import inherits the loader's nonce); styles are inlined as
//                   text and adopted as constructable stylesheets, so there is no CSS file to fetch.
//   loader.js       a classic, self-contained script (IIFE, no imports) with the app's hashed file
//                   name baked in; unhashed so the pasted snippet never changes (short cache).
//   loader-[hash].js  the same loader under a content-hashed name (immutable; for SRI-pinned snippets).
//   widget.json     { loader, loader_hashed, loader_integrity (SRI sha384), app, files } for the server and `npm run size`.
//   .vite/manifest.json  Vite's manifest of the app build, plus a `widget/loader.ts` entry (name 'loader').
//   <file>.br, <file>.gz  brotli (quality 11) and gzip (level 9) copies of every asset, made once here so
//                   the server sends compressed bytes by Accept-Encoding without compressing per request.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';

const OUT = 'dist/widget';

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [relative(OUT, path)];
  });
}

/** After the app build, builds the loader as an IIFE that knows the app's hashed name. */
function loaderBuild(): Plugin {
  let appFile = '';
  return {
    name: 'parley-loader',
    apply: 'build',
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'app') appFile = chunk.fileName;
    },
    async closeBundle() {
      if (!appFile) throw new Error('parley-loader: app entry not found');
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __PARLEY_APP__: JSON.stringify(appFile) },
        build: {
          outDir: OUT,
          emptyOutDir: false,
          copyPublicDir: false,
          lib: { entry: 'widget/loader.ts', formats: ['iife'], name: 'ParleyLoader', fileName: () => 'loader.js' },
        },
      });
      const loader = readFileSync(join(OUT, 'loader.js'));
      const integrity = 'sha384-' + createHash('sha384').update(loader).digest('base64');
      // A content-hashed copy too, for snippets that pin a version with SRI (integrity="…"): the
      // unhashed loader.js may change under a fixed URL, which an integrity attribute would refuse.
      const hashed = `loader-${createHash('sha256').update(loader).digest('base64url').slice(0, 8)}.js`;
      writeFileSync(join(OUT, hashed), loader);
      const files = listFiles(OUT).filter((f) => !f.startsWith('.vite') && f !== 'widget.json' && !/\.(br|gz)$/.test(f));
      // Before the manifest: a running server reloads the build when the manifest changes, and must
      // find the compressed copies already there.
      precompress(files);
      const manifestPath = join(OUT, '.vite/manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      manifest['widget/loader.ts'] = { file: hashed, name: 'loader', src: 'widget/loader.ts', isEntry: true };
      writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
      writeFileSync(join(OUT, 'widget.json'), JSON.stringify({ loader: 'loader.js', loader_hashed: hashed, loader_integrity: integrity, app: appFile, files }, null, 2) + '\n');
    },
  };
}

/** Writes <file>.br and <file>.gz beside each text asset (served by Accept-Encoding, spec 8.2 hosting). */
function precompress(files: string[]) {
  for (const file of files) {
    if (!/\.(js|mjs|css|json|svg|map|html|txt)$/.test(file)) continue;
    const body = readFileSync(join(OUT, file));
    const size = body.length;
    writeFileSync(join(OUT, `${file}.br`), brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: size } }));
    writeFileSync(join(OUT, `${file}.gz`), gzipSync(body, { level: 9 }));
  }
}

export default defineConfig({
  plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false }), loaderBuild()],
  publicDir: false,
  build: {
    outDir: OUT,
    emptyOutDir: true,
    manifest: true,
    modulePreload: false,
    rolldownOptions: {
      input: { app: 'widget/app/main.tsx' },
      // Keep the entry's `mount` export: the loader calls it.
      preserveEntrySignatures: 'strict',
      output: { format: 'es', entryFileNames: '[name]-[hash].js', chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
});
