// A large knowledge base of real, varied text for the benchmarks (bench:retrieval, bench:widget with
// CHUNKS): the Markdown files shipped inside node_modules (READMEs, docs, changelogs of many
// packages), parsed and chunked exactly as a wiki import would; when they give too few chunks, the
// documentation comments of the .d.ts files in node_modules (TypeScript's lib files, Node's types…)
// fill up, one section per documented declaration.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseMarkdown } from '../server/domains/knowledge/parse-markdown.js';
import { chunkDoc, type ChunkDraft, type ParsedDoc } from '../server/domains/knowledge/chunker.js';

async function filesOf(dir: string, ext: string, out: string[], depth = 0): Promise<void> {
  if (depth > 6) return;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, e.name);
    if (e.isDirectory()) await filesOf(full, ext, out, depth + 1);
    else if (e.isFile() && e.name.toLowerCase().endsWith(ext)) out.push(full);
  }
}

export interface Doc {
  title: string;
  path: string;
  chunks: ChunkDraft[];
}

/** `/** … *\/` comments of a declaration file, each under the name of what it documents. */
function declarationDoc(text: string, title: string): ParsedDoc {
  const sections: ParsedDoc['sections'] = [];
  for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(?:export\s+)?(?:declare\s+)?(?:readonly\s+)?(?:function|interface|class|const|let|var|type|namespace|enum)?\s*([A-Za-z_$][\w$]*)/g)) {
    const body = m[1].split('\n').map((l) => l.replace(/^\s*\*\s?/, '')).join('\n').trim();
    if (body.length >= 60) sections.push({ headings: [m[2]], text: body });
  }
  return { title, sections };
}

/** Files of node_modules, parsed and chunked as a wiki import would, until `target` chunks. */
export async function corpus(target: number): Promise<Doc[]> {
  const root = join(process.cwd(), 'node_modules');
  const files: string[] = [];
  await filesOf(root, '.md', files);
  await filesOf(root, '.d.ts', files);
  const docs: Doc[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const path of files) {
    const text = await readFile(path, 'utf8').catch(() => '');
    if (text.length < 200 || seen.has(text)) continue; // skip stubs and the many identical LICENSE-like files
    seen.add(text);
    const title = path.split('/').slice(-2).join('/');
    const doc = path.endsWith('.d.ts') ? declarationDoc(text, title) : parseMarkdown(text, title);
    const chunks = chunkDoc(doc);
    if (chunks.length === 0) continue;
    docs.push({ title: doc.title, path, chunks });
    total += chunks.length;
    if (total >= target) break;
  }
  return docs;
}
