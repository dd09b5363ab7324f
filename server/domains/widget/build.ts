// The built widget (vite output in dist/widget, manifest in .vite/manifest.json), held in memory and
// reloaded when the manifest changes (a rebuild while the server runs). Knows which file is the
// hashed loader and its SRI hash (spec 8.2 hosting).
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { encodedVariant, staticFile, type StaticFile } from '../../http/static.js';

export const DEFAULT_WIDGET_DIR = fileURLToPath(new URL('../../../dist/widget', import.meta.url));

export interface WidgetFile extends StaticFile {
  /** Content-hashed name (vite `[name]-[hash]`): safe to cache for a year. */
  hashed: boolean;
}

export interface WidgetBuild {
  files: Map<string, WidgetFile>;
  /** The hashed loader file (path under /widget/) and its SRI hash, when the build has one. */
  loader: { path: string; integrity: string } | null;
}

interface ManifestEntry {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
}

// vite's [hash] is 8 url-safe characters before the extension.
const HASHED = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

async function walk(dir: string, root = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is build metadata, not an asset
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full, root)));
    else if (entry.isFile()) out.push(relative(root, full).split(sep).join('/'));
  }
  return out;
}

export const sri = (body: Buffer) => `sha384-${createHash('sha384').update(body).digest('base64')}`;

async function load(dir: string): Promise<WidgetBuild> {
  const manifest = JSON.parse(await readFile(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const files = new Map<string, WidgetFile>();
  for (const path of await walk(dir)) {
    const body = await readFile(join(dir, path));
    files.set(path, { ...staticFile(body, path), hashed: HASHED.test(path) });
  }
  const entry = Object.values(manifest).find((e) => e.isEntry && (e.name === 'loader' || e.src?.endsWith('loader.ts')));
  const file = entry && files.get(entry.file);
  return { files, loader: entry && file ? { path: entry.file, integrity: sri(file.body) } : null };
}

/** Returns the current build, or null when dist/widget has not been built (`npm run build`). */
export function widgetBuildSource(dir: string) {
  let cached: { mtimeMs: number; build: Promise<WidgetBuild> } | null = null;
  return async (): Promise<WidgetBuild | null> => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(join(dir, '.vite', 'manifest.json'))).mtimeMs;
    } catch {
      cached = null;
      return null;
    }
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, build: load(dir) };
    try {
      return await cached.build;
    } catch {
      cached = null; // a build being written right now; the next request retries
      return null;
    }
  };
}

/** Per build (a rebuild is a new object): each path's file with its variants, hashed once. */
const assembled = new WeakMap<WidgetBuild, Map<string, StaticFile>>();

/**
 * `path`'s file with the precompressed variants the build wrote beside it (`.br`, `.gz`), which are
 * never served under their own names. Shared by the widget assets and the team console.
 */
export function fileWithEncodings(build: WidgetBuild, path: string): StaticFile | undefined {
  const file = build.files.get(path);
  if (!file || /\.(br|gz)$/.test(path)) return undefined;
  let cache = assembled.get(build);
  if (!cache) assembled.set(build, (cache = new Map()));
  let out = cache.get(path);
  if (!out) {
    const br = encodedVariant(file.body, build.files.get(`${path}.br`)?.body);
    const gzip = encodedVariant(file.body, build.files.get(`${path}.gz`)?.body);
    out = br || gzip ? { ...file, encodings: { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) } } : file;
    cache.set(path, out);
  }
  return out;
}
