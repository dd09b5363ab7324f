// Wiki import: a folder on the server or an uploaded zip of Markdown or HTML pages, e.g.
// a GitHub wiki clone, a Notion or Confluence export. Each page becomes a source keyed by its path
// inside the wiki, so a re-import of a new export updates in place. Caps guard against zip bombs
// and huge folders: entries whose declared or real size passes the limits are reported, not read.
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { ParsedDoc } from '../chunker.js';
import { parseMarkdown } from '../parse-markdown.js';
import { parseHtml } from '../parse-html.js';
import { insideRoots } from '../provider-settings.js';

export const WIKI_LIMITS = { maxFiles: 5000, maxFileBytes: 2 * 1024 * 1024, maxTotalBytes: 200 * 1024 * 1024 };
const PAGE_EXT = new Set(['.md', '.markdown', '.mdx', '.html', '.htm', '.txt']);
const SKIP_DIRS = new Set(['node_modules', '.git', '.svn', '__MACOSX']);

export interface WikiFile {
  /** POSIX path inside the wiki. */
  path: string;
  text: string | null;
  /** Why the file could not be read (too large…). */
  error?: string;
}

export interface WikiPage {
  key: string;
  url: string | null;
  title: string;
  doc: ParsedDoc;
}

/** "Getting-Started a1b2…(32 hex).md" → "Getting Started" (Notion exports add an id). */
export function titleFromPath(path: string): string {
  const name = path.split('/').pop() ?? path;
  const base = name.slice(0, name.length - extname(name).length).replace(/\s+[0-9a-f]{32}$/i, '');
  return base.replace(/[-_]+/g, ' ').trim() || name;
}

export function pageFromFile(file: { path: string; text: string }, baseUrl: string | null): WikiPage {
  const ext = extname(file.path).toLowerCase();
  const fallback = titleFromPath(file.path);
  const url = baseUrl ? new URL(file.path.split('/').map(encodeURIComponent).join('/'), baseUrl).href : null;
  const doc =
    ext === '.html' || ext === '.htm'
      ? parseHtml(file.text, url ?? `file:///${file.path}`, fallback).doc
      : ext === '.txt'
        ? { title: fallback, sections: [{ headings: [], text: file.text }] }
        : parseMarkdown(file.text, fallback);
  // An HTML export without <title> would be titled by its pseudo-URL: use the file name instead.
  if (doc.title.startsWith('file:///')) doc.title = fallback;
  return { key: file.path, url, title: doc.title, doc };
}

export async function readWikiFolder(folder: string, roots: string[]): Promise<WikiFile[]> {
  // Resolve symlinks so a link inside an import root cannot lead outside it.
  const real = await realpath(folder);
  const realRoots = await Promise.all(roots.map((r) => realpath(r).catch(() => r)));
  if (!insideRoots(real, realRoots)) throw new Error(`The folder ${folder} is outside the allowed import folders`);
  const out: WikiFile[] = [];
  let total = 0;
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (out.length >= WIKI_LIMITS.maxFiles) return;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) await walk(full);
        continue;
      }
      if (!entry.isFile() || !PAGE_EXT.has(extname(entry.name).toLowerCase())) continue;
      const path = relative(real, full).split(sep).join('/');
      const size = (await stat(full)).size;
      if (size > WIKI_LIMITS.maxFileBytes || total + size > WIKI_LIMITS.maxTotalBytes) {
        out.push({ path, text: null, error: `File is ${size} bytes; the limit is ${WIKI_LIMITS.maxFileBytes} per file and ${WIKI_LIMITS.maxTotalBytes} in total` });
        continue;
      }
      total += size;
      out.push({ path, text: await readFile(full, 'utf8') });
    }
  }
  await walk(real);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

export function readWikiZip(bytes: Uint8Array): WikiFile[] {
  const tooBig: WikiFile[] = [];
  let total = 0;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter(file) {
        const parts = file.name.split('/');
        if (file.name.endsWith('/') || parts.some((p) => SKIP_DIRS.has(p) || p.startsWith('.') || p === '..')) return false;
        if (!PAGE_EXT.has(extname(file.name).toLowerCase())) return false;
        if (file.compression !== 0 && file.compression !== 8) return false;
        if (++count > WIKI_LIMITS.maxFiles) return false;
        if (file.originalSize > WIKI_LIMITS.maxFileBytes || total + file.originalSize > WIKI_LIMITS.maxTotalBytes) {
          tooBig.push({ path: file.name, text: null, error: `Entry is ${file.originalSize} bytes uncompressed; the limit is ${WIKI_LIMITS.maxFileBytes}` });
          return false;
        }
        total += file.originalSize;
        return true;
      },
    });
  } catch (err) {
    throw new Error(`The archive is not a readable zip file: ${(err as Error).message}`);
  }
  const files: WikiFile[] = Object.entries(entries).map(([path, data]) => ({ path, text: strFromU8(data) }));
  // Exports often wrap everything in one top folder ("MyWiki/…"): drop it so keys stay stable
  // whatever the export was named.
  const tops = new Set(files.map((f) => (f.path.includes('/') ? f.path.split('/')[0] : '')));
  if (tops.size === 1 && !tops.has('')) {
    const prefix = [...tops][0].length + 1;
    for (const f of [...files, ...tooBig]) f.path = f.path.slice(prefix);
  }
  return [...files, ...tooBig].sort((a, b) => a.path.localeCompare(b.path));
}
