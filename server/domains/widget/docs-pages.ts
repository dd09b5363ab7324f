// Parley's own Markdown documentation as pages a person reads (spec 2.6: sources with title and link):
// which files are pages, their titles, and their HTML. The demo knowledge base (knowledge/demo.ts)
// cites these pages and titles them the same way, so a citation's title is the page's title.
// Rendering: markdown-it with raw HTML off (a tag in the text is shown, never parsed), served under a
// CSP without scripts; headings get ids so a section can be linked.
import MarkdownIt from 'markdown-it';

/** Exactly the files demo.ts zips: top-level README.md and csp.md, or one Markdown file under docs/. */
export const DOC_PAGE = /^(README\.md|csp\.md|docs\/[A-Za-z0-9][A-Za-z0-9_.-]*\.md)$/;

/** The README's first heading is only the product name; as a page title it needs to say which page. */
const FRONT_PAGE_SUFFIX = ' README';

/** The page title: front matter `title:`, else the first H1 (the README's with " README"), else the file name. */
export function docTitle(path: string, markdown: string): string {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  const fromFront = front && /^title:\s*["']?(.+?)["']?\s*$/m.exec(front[1]);
  if (fromFront) return fromFront[1];
  const h1 = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, ''));
  if (h1) return path === 'README.md' ? `${h1[1]}${FRONT_PAGE_SUFFIX}` : h1[1];
  return path.split('/').pop()!.replace(/\.md$/, '');
}

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
// Heading ids (GitHub style), so `page#section` links work.
md.core.ruler.push('heading_ids', (state) => {
  const seen = new Map<string, number>();
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const base = slug(state.tokens[i + 1]?.content ?? '') || 'section';
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    token.attrSet('id', n ? `${base}-${n}` : base);
  });
});

// Relative links resolve against the file's place under /docs/ (docs/api.md's `../csp.md` is
// /docs/csp.md), so they work whether the page is served as /docs/api.md or /docs/docs/api.md.
const relative = /^(?![a-z][a-z0-9+.-]*:|\/|#)/i;
md.renderer.rules.link_open = (tokens, i, options, env: { path?: string }, self) => {
  const href = tokens[i]!.attrGet('href');
  if (href && env.path && relative.test(href)) {
    const url = new URL(href, `http://docs.invalid/docs/${env.path}`);
    tokens[i]!.attrSet('href', `${url.pathname}${url.search}${url.hash}`);
  }
  return self.renderToken(tokens, i, options);
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A complete HTML page for a documentation file; `stylesheet` is the page stylesheet's URL. */
export function renderDocPage(path: string, markdown: string, stylesheet: string): string {
  const body = md.render(markdown.replace(/^---\n[\s\S]*?\n---\n/, ''), { path });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(docTitle(path, markdown))}</title>
<link rel="stylesheet" href="${escape(stylesheet)}">
</head>
<body>
<main>
${body}</main>
</body>
</html>
`;
}

export const DOC_CSS = `body{margin:0;background:#fff;color:#1f2328;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:860px;margin:0 auto;padding:24px 20px 64px;overflow-wrap:anywhere}
h1,h2,h3{line-height:1.25;margin:1.6em 0 .6em}h1{margin-top:0}
a{color:#0969da}code{font:14px/1.45 ui-monospace,Menlo,Consolas,monospace;background:#f6f8fa;padding:1px 4px;border-radius:4px}
pre{overflow-x:auto;background:#f6f8fa;padding:12px;border-radius:8px}pre code{padding:0;background:none}
table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
blockquote{margin:0;padding-left:12px;border-left:4px solid #d0d7de;color:#57606a}
`;
