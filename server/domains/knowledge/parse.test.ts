// Pure parsing and chunking rules: titles, heading paths, canonical URLs, clean text.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { parseHtml } from './parse-html.js';
import { cleanInline, parseMarkdown, snippetDoc } from './parse-markdown.js';
import { chunkDoc } from './chunker.js';
import { coverage, stem, terms } from './text.js';
import { localEmbed } from './embedder.js';
import { HybridIndex } from './hybrid-index.js';
import { titleFromPath } from './wiki/wiki-import.js';

describe('parseHtml', () => {
  const page = parseHtml(
    `<html><head><title>Pricing – Acme</title><link rel="canonical" href="/pricing"><meta name="robots" content="nofollow"></head>
     <body><header>Logo</header><nav><a href="/a">A</a><a href="/b#x">B</a><a href="mailto:x@y.z">mail</a><a rel="nofollow" href="/c">C</a></nav>
     <main><h1>Pricing</h1><p>Plans &amp; prices.</p><h2>Team</h2><h3>Monthly</h3><ul><li>10 € per seat</li><li>Unlimited bots</li></ul>
     <script>alert(1)</script><pre>curl https://acme.example/api</pre><h2>Enterprise</h2><p>Talk to sales.</p></main><footer>© Acme</footer></body></html>`,
    'https://acme.example/pricing?ref=1',
  );

  it('keeps title, canonical, links and robots directives', () => {
    expect(page.doc.title).toBe('Pricing – Acme');
    expect(page.canonical).toBe('https://acme.example/pricing');
    expect(page.links).toEqual(['https://acme.example/a', 'https://acme.example/b']);
    expect(page.nofollow).toBe(true);
    expect(page.noindex).toBe(false);
  });

  it('turns content into sections under their heading path, without chrome or scripts', () => {
    // The H1 repeats the title, so it is not repeated in every heading path.
    expect(page.doc.sections).toEqual([
      { headings: [], text: 'Plans & prices.' },
      { headings: ['Team', 'Monthly'], text: '- 10 € per seat\n- Unlimited bots\n\n```\ncurl https://acme.example/api\n```' },
      { headings: ['Enterprise'], text: 'Talk to sales.' },
    ]);
    const all = JSON.stringify(page.doc);
    expect(all).not.toContain('alert');
    expect(all).not.toContain('Logo');
    expect(all).not.toContain('© Acme');
  });
});

describe('parseHtml on a generated manual page', () => {
  // AsciiDoc's layout (git's manual pages): no <main>, the H1 and the page's one-line summary in a
  // header block that Readability drops as chrome, the body in div#content.
  const prose = (n: number) => Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} explains how the working tree and the index are saved, listed and restored again, with enough words to read as an article.</p>`).join('');
  const page = parseHtml(
    `<html><head><title>git-stash(1)</title></head><body class="manpage">
     <div id="header"><h1>git-stash(1) Manual Page</h1><h2>NAME</h2><div class="sectionbody"><p>git-stash - Stash the changes in a dirty working directory away</p></div></div>
     <div id="content"><div class="sect1"><h2 id="_description">DESCRIPTION</h2><div class="sectionbody">${prose(8)}</div></div></div>
     <div id="footer">Last updated 2024</div></body></html>`,
    'https://docs.example/git-stash.html',
  );

  it("keeps the page's summary from its header block, and an H1 extending the title is not a heading", () => {
    const [first, second] = page.doc.sections;
    expect(first).toMatchObject({ headings: ['NAME'], text: 'git-stash - Stash the changes in a dirty working directory away' });
    expect(second.headings).toEqual(['DESCRIPTION']);
    expect(page.doc.sections.every((s) => !s.headings.includes('git-stash(1) Manual Page'))).toBe(true);
  });
});

describe('parseHtml on a manual page whose OPTIONS list is most of its text', () => {
  // git-grep.html's layout: a short DESCRIPTION, then a long definition list. Readability kept the
  // list alone, losing the DESCRIPTION and every heading (docs/eval.md "Retrieval changes").
  const options = Array.from({ length: 30 }, (_, i) => `<dt>--option-${i}</dt><dd><p>Option ${i} changes how matching lines are printed, counted and coloured in the output of the search.</p></dd>`).join('');
  const page = parseHtml(
    `<html><head><title>git-grep(1)</title></head><body class="manpage">
     <div id="header"><h1>git-grep(1) Manual Page</h1><h2>NAME</h2><div class="sectionbody"><p>git-grep - Print lines matching a pattern</p></div></div>
     <div id="content"><div class="sect1"><h2 id="_synopsis">SYNOPSIS</h2><div class="sectionbody"><pre>git grep [-i] [-w] &lt;pattern&gt;</pre></div></div>
     <div class="sect1"><h2 id="_description">DESCRIPTION</h2><div class="sectionbody"><p>Look for specified patterns in the tracked files in the work tree.</p></div></div>
     <div class="sect1"><h2 id="_options">OPTIONS</h2><div class="sectionbody"><div class="dlist"><dl>${options}</dl></div></div></div>
     <div class="sect1"><h2 id="_examples">EXAMPLES</h2><div class="sectionbody"><p>git grep time_t -- '*.[ch]'</p></div></div></div>
     <div id="footer">Last updated 2024</div></body></html>`,
    'https://docs.example/git-grep.html',
  );

  it('keeps every section under its heading', () => {
    const headings = page.doc.sections.map((s) => s.headings[0]);
    expect(headings).toEqual(expect.arrayContaining(['NAME', 'SYNOPSIS', 'DESCRIPTION', 'OPTIONS', 'EXAMPLES']));
    expect(page.doc.sections.find((s) => s.headings[0] === 'DESCRIPTION')?.text).toBe('Look for specified patterns in the tracked files in the work tree.');
  });
});

describe('parseMarkdown', () => {
  it('takes the title from front matter or the first H1 and tracks nested headings', () => {
    const doc = parseMarkdown('# Guide\n\nIntro text.\n\n## Setup\n\nSee [the docs](https://x.y) and ![logo](l.png).\n\n### Linux\n\n`apt install acme`\n\n## Usage\n\nRun it.\n', 'file');
    expect(doc.title).toBe('Guide');
    expect(doc.sections).toEqual([
      { headings: [], text: 'Intro text.' },
      { headings: ['Setup'], anchor: 'setup', text: 'See the docs and logo.' },
      { headings: ['Setup', 'Linux'], anchor: 'linux', text: 'apt install acme' },
      { headings: ['Usage'], anchor: 'usage', text: 'Run it.' },
    ]);
    expect(parseMarkdown('---\ntitle: "From front matter"\n---\nBody', 'f').title).toBe('From front matter');
    expect(parseMarkdown('Body only', 'fallback.md').title).toBe('fallback.md');
  });

  it('titles a page without H1 by the heading that opens it, which stays in the heading path', () => {
    const doc = parseMarkdown('## Long Term Support\n\nSix months.\n\n### Schedule\n\nSee below.\n', 'lts');
    expect(doc.title).toBe('Long Term Support');
    expect(doc.sections.map((s) => s.headings)).toEqual([['Long Term Support'], ['Long Term Support', 'Schedule']]);
    // Text before the first heading: no opening heading, the file name stays; an H1 later still wins.
    expect(parseMarkdown('Intro.\n\n## Setup\n\nx', 'page').title).toBe('page');
    expect(parseMarkdown('## Contents\n\n# Real title\n\nx', 'page').title).toBe('Real title');
    // A snippet's Markdown keeps the snippet's own title.
    expect(snippetDoc('Refunds', '## Policy\n\nWithin 14 days.').title).toBe('Refunds');
  });

  it('drops link reference definitions, which Markdown renders as nothing', () => {
    const doc = parseMarkdown('# T\n\nSee the [docs][pp].\n\n[pp]: https://github.com/pinojs/pino-pretty\n  [semver]: https://semver.org/ "SemVer"\n', 'f');
    expect(doc.sections).toEqual([{ headings: [], text: 'See the docs.' }]);
  });

  it('keeps code blocks verbatim with their fences and ignores headings inside them', () => {
    const doc = parseMarkdown('# T\n\n```sh\n# not a heading\nnpm start\n```\n', 'f');
    expect(doc.sections).toEqual([{ headings: [], text: '```sh\n# not a heading\nnpm start\n```' }]);
    // Chunks keep the block whole, indentation and blank lines included.
    const code = '```js\nfunction f() {\n    return 1;\n\n}\n```';
    expect(chunkDoc(parseMarkdown(`# T\n\nIntro:\n\n${code}\n`, 'f')).map((c) => c.text)).toEqual([`Intro:\n\n${code}`]);
  });

  it('keeps each table row a line of its own and drops the separator row', () => {
    const doc = parseMarkdown('## Settings\n\n| variable | default |\n|---|:--:|\n| `PORT` | `3000` |\n| `HOST` | **local** |\n', 'f');
    expect(doc.sections).toEqual([{ headings: ['Settings'], anchor: 'settings', text: '| variable | default\n\n| PORT | 3000\n| HOST | local' }]);
  });

  it('gives snippets their own title', () => {
    expect(snippetDoc('Refunds', 'Within 14 days.').title).toBe('Refunds');
  });
});

describe('chunking', () => {
  it('splits long sections on paragraphs and sentences, never across headings', () => {
    const para = (n: number) => `Sentence ${n} explains one more detail of the installation procedure in depth.`;
    const long = Array.from({ length: 40 }, (_, i) => para(i)).join(' ');
    const chunks = chunkDoc({ title: 'T', sections: [{ headings: ['A'], text: long }, { headings: ['B'], text: 'Short.' }] });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.every((c) => c.text.length <= 1400)).toBe(true);
    expect(chunks.slice(0, -1).every((c) => c.headings[0] === 'A')).toBe(true);
    expect(chunks.at(-1)).toEqual({ headings: ['B'], text: 'Short.' });
    expect(chunks.slice(0, -1).map((c) => c.text).join(' ')).toBe(long);
  });
});

describe('text and vectors', () => {
  it('stems word variants together and measures coverage', () => {
    expect(stem('embedding')).toBe(stem('embed'));
    expect(stem('policies')).toBe('policy');
    expect(stem('sharing')).toBe(stem('shared'));
    expect(terms('What is the refund policy?')).toEqual(['refund', 'policy']);
    expect(coverage(terms('refund policy for shoes'), 'Our refund policy')).toBeCloseTo(2 / 3);
  });

  it('makes deterministic unit vectors where related texts are closer than unrelated ones', () => {
    const a = localEmbed('How do I reset my password?');
    expect(Array.from(a)).toEqual(Array.from(localEmbed('How do I reset my password?')));
    const dot = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i], 0);
    expect(dot(a, a)).toBeCloseTo(1, 5);
    expect(dot(a, localEmbed('Resetting a forgotten password'))).toBeGreaterThan(dot(a, localEmbed('Shipping costs to Canada')));
  });

  it('finds by vector what BM25 misses, and filters by source', () => {
    const index = new HybridIndex(localEmbed('x').length);
    const add = (source: string, text: string) =>
      index.setSource(source, [{ id: `${source}:0`, source_id: source, title: source, url: null, question: null, headings: [], text, vector: localEmbed(text) }]);
    add('pw', 'Passwords can be reset from the account settings page.');
    add('ship', 'Shipping to Canada costs 12 dollars.');
    const fuzzy = index.search('resetting passwords', localEmbed('resetting passwords'));
    expect(fuzzy[0].source_id).toBe('pw');
    const only = index.search('shipping to canada', localEmbed('shipping to canada'), { sourceIds: ['pw'] });
    expect(only.every((p) => p.source_id === 'pw')).toBe(true);
    index.removeSource('pw');
    expect(index.search('passwords reset', localEmbed('passwords reset')).some((p) => p.source_id === 'pw')).toBe(false);
  });
});

describe('wiki titles', () => {
  it('cleans Notion-style file names', () => {
    expect(titleFromPath('space/Getting-Started 0123456789abcdef0123456789abcdef.md')).toBe('Getting Started');
  });
});

describe('cleanInline', () => {
  it('keeps code spans literal, angle brackets included, and drops markup around them', () => {
    expect(cleanInline('files under `DATA_DIR/<collection>/<id>.json` are **small** <b>here</b>')).toBe(
      'files under DATA_DIR/<collection>/<id>.json are small here',
    );
    expect(cleanInline('see [`csp.md`](csp.md)')).toBe('see csp.md');
    expect(cleanInline('open <http://127.0.0.1:3000/examples/> or <b>not this</b>')).toBe('open http://127.0.0.1:3000/examples/ or not this');
  });
});

describe('parseHtml main content', () => {
  // turndown-plugin-gfm keeps a table without a heading row as raw HTML: answers quoted git's
  // AsciiDoc notes as "<table><tbody><tr><td class="icon">…".
  it('turns a table without a heading row into text, not markup', () => {
    const page = parseHtml(
      `<html><head><title>git-pull(1)</title></head><body><main><h2 id="description">DESCRIPTION</h2>
       <p>Incorporates changes from a remote repository into the current branch, then merges them.</p>
       <div class="admonitionblock"><table><tr><td class="icon"><div class="title">Note</div></td>
       <td class="content">There is a difference between listing multiple &lt;refspec&gt; on the <em>git pull</em> command line and in the configuration.</td></tr></table></div>
       <table><tr><td>--rebase</td><td>Rebase the current branch after fetching.</td></tr>
       <tr><td>--ff-only</td><td><p>Only fast-forward.</p><ul><li>no merge commit</li><li>fails on divergence</li></ul></td></tr></table>
       <table><tr><th>option</th><th>default</th></tr><tr><td>pull.rebase</td><td>false</td></tr></table></main></body></html>`,
      'https://docs.example/git-pull.html',
    );
    const text = page.doc.sections.map((s) => s.text).join('\n\n');
    expect(text).not.toMatch(/<\/?(table|tbody|tr|td|div)\b/);
    expect(text).toContain('Note — There is a difference between listing multiple <refspec> on the *git pull* command line and in the configuration.');
    expect(text).toContain('--rebase — Rebase the current branch after fetching.');
    // A cell of blocks keeps them: its paragraph and its list.
    expect(text).toContain('--ff-only\n\nOnly fast-forward.\n\n- no merge commit\n- fails on divergence');
    // A table with a heading row is still a table.
    expect(text).toContain('| option | default\n\n| pull.rebase | false');
  });


  it('extracts the article of a page without <main> (Readability), with anchors, code, lists and tables', () => {
    const filler = 'Parley answers visitors from your own documentation and hands over to a person when it cannot. '.repeat(4);
    const page = parseHtml(
      `<html><head><title>Guide</title></head><body>
       <div class="navbar"><a href="/">Home</a> <a href="/pricing">Pricing</a></div>
       <div id="cookie-banner" class="banner">We use cookies. Accept all?</div>
       <div class="content"><h2 id="install">Install the widget</h2><p>${filler}</p>
       <p>Run the following command:</p><pre><code class="language-sh">npx parley embed --frame <a href="/frames">fr_1</a>

# prints the tag  :-)</code></pre>
       <ol><li>Open the dashboard</li><li>Copy the snippet</li></ol>
       <h2><a name="limits"></a>Limits</h2><table><tr><th>plan</th><th>messages</th></tr><tr><td>Free</td><td>100</td></tr></table></div>
       <div class="footer-links"><aside>Related posts</aside></div></body></html>`,
      'https://docs.example/guide',
    );
    const [install, limits] = page.doc.sections;
    expect(install.headings).toEqual(['Install the widget']);
    expect(install.anchor).toBe('install');
    // The block stays code, verbatim: its inline link is text, its blank line and emoticon intact.
    expect(install.text).toContain('Run the following command:\n\n```sh\nnpx parley embed --frame fr_1\n\n# prints the tag  :-)\n```');
    expect(install.text).toContain('1. Open the dashboard\n2. Copy the snippet');
    expect(limits).toMatchObject({ headings: ['Limits'], anchor: 'limits' });
    expect(limits.text).toContain('| Free | 100');
    const all = JSON.stringify(page.doc);
    expect(all).not.toContain('cookies');
    expect(all).not.toContain('Related posts');
    expect(all).not.toContain('<a');
  });

  it('never links a section to the wrapper Readability puts around the article (#readability-page-1)', () => {
    const filler = 'Every order is packed by hand and leaves the warehouse within a day of payment, tracked all the way. '.repeat(4);
    const page = parseHtml(
      `<html><head><title>Delivery</title></head><body><div class="nav"><a href="/">Home</a></div>
       <div class="content"><h1>Delivery</h1><p>${filler}</p><h2>Countries</h2><p>${filler}</p><h2 id="tracking">Tracking</h2><p>${filler}</p></div></body></html>`,
      'https://shop.example/delivery.html',
    );
    const anchors = page.doc.sections.map((s) => s.anchor);
    expect(anchors.some((a) => a?.startsWith('readability'))).toBe(false);
    expect(anchors).toContain('tracking');
  });

  it('links the text under the page’s titling heading to that heading’s id', () => {
    const page = parseHtml(
      `<html><head><title>Warranty – Brewly</title></head><body><main><h1 id="warranty">Warranty</h1><p>Every kettle comes with a two-year warranty.</p>
       <h2 id="claim">How to make a claim</h2><p>Write to us with your order number.</p></main></body></html>`,
      'https://shop.example/warranty.html',
    );
    expect(page.doc.sections.map((s) => s.anchor)).toEqual(['warranty', 'claim']);
  });

  it.each([
    ['', () => {}],
    // A browser-like global the process may have (a test environment, a library): no other page's URL gets into the ids.
    [
      ' with a global location',
      () => {
        vi.stubGlobal('location', { href: 'http://localhost:3000/' });
        onTestFinished(() => {
          vi.unstubAllGlobals();
        });
      },
    ],
  ])('finds section ids where manuals put them (the wrapping section, a permalink) and keeps text unescaped%s', (_, setUp) => {
    setUp();
    const page = parseHtml(
      `<html><head><title>SQL Dump</title></head><body><div class="navheader">Prev Next</div><div class="sect1">
       <div class="sect2" id="BACKUP-DUMP-RESTORE"><div class="titlepage"><h3 class="title">Restoring the Dump <a href="#BACKUP-DUMP-RESTORE" class="id_link">#</a></h3></div>
       <p>Text files created by pg_dump are read by psql.</p></div>
       <section><h2>Options<a class="headerlink" href="#cmdoption-v" title="Permalink">¶</a></h2><p>git stash push -m &lt;message&gt; saves it.</p></section></div></body></html>`,
      'https://docs.example/backup-dump.html',
    );
    expect(page.doc.sections.map((s) => [s.headings, s.anchor])).toEqual([[['Restoring the Dump'], 'BACKUP-DUMP-RESTORE'], [['Options'], 'cmdoption-v']]);
    expect(page.doc.sections[0].text).toBe('Text files created by pg_dump are read by psql.');
    // An escaped "<message>" in the page is text, not a tag to strip.
    expect(page.doc.sections[1].text).toBe('git stash push -m <message> saves it.');
  });
});
