// Builds the widget into dist/widget (docs/architecture.md section 4), which the server serves under CDN_URL/widget/:
//   app-[hash].js   the Preact app, an ES module loaded lazily by dynamic import() (works under
//                   'strict-dynamic': the import inherits the loader's nonce); styles are inlined as
//                   text and adopted as constructable stylesheets, so there is no CSS file to fetch.
//   loader.js       a classic, self-contained script (IIFE, no imports) with the app's hashed file
//                   name baked in; unhashed so the pasted snippet never changes (short cache).
//   loader-[hash].js  the same loader under a content-hashed name (immutable; for SRI-pinned snippets).
//   widget.json     { loader, loader_hashed, loader_integrity (SRI sha384), app, files } for the server and
//                   `npm run size`; `files` lists this build's files only.
//   .vite/manifest.json  Vite's manifest of the app build, plus a `widget/loader.ts` entry (name 'loader').
//   <file>.br, <file>.gz  brotli (quality 11) and gzip (level 9) copies of every asset, made once here so
//                   the server sends compressed bytes by Accept-Encoding without compressing per request.
// Hashed files of earlier builds stay (csp.md "Pinning a version"): a snippet pinned to an old
// loader-[hash].js, and a loader.js still in a cache for its 5 minutes, name files of their own
// release, and deleting them on upgrade would take the widget off every site that uses them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';

const OUT = 'dist/widget';

/** A content-hashed file (vite `[name]-[hash]`, server/domains/widget/build.ts), or its .br/.gz copy. */
const RELEASED = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+(\.br|\.gz)?$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [relative(OUT, path)];
  });
}

/**
 * Instead of vite's emptyOutDir: removes what each build rewrites (loader.js, widget.json, the
 * manifest) and keeps every earlier release's hashed files, which are immutable and may still be named
 * by a pinned snippet or a cached loader.js.
 */
function pruneOut() {
  if (!existsSync(OUT)) return;
  for (const file of listFiles(OUT)) if (!RELEASED.test(file)) rmSync(join(OUT, file));
  rmSync(join(OUT, '.vite'), { recursive: true, force: true });
}

/** After the app build, builds the loader as an IIFE that knows the app's hashed name. */
function loaderBuild(): Plugin {
  let appFile = '';
  let built: string[] = [];
  return {
    name: 'parley-loader',
    apply: 'build',
    buildStart() {
      pruneOut();
    },
    writeBundle(_options, bundle) {
      built = Object.values(bundle).map((b) => b.fileName).filter((f) => !f.startsWith('.vite'));
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
      const files = [...new Set([...built, 'loader.js', hashed])];
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
    // pruneOut() empties it, keeping earlier releases' hashed files.
    emptyOutDir: false,
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
