// XSS payloads for the widget: none may ever execute when shown as a message or a source.
// Each one that ran would call window.__xss(); the tests assert it never does.
export const XSS_PAYLOADS: string[] = [
  '<script>__xss(1)</script>',
  '<img src=x onerror="__xss(2)">',
  '<svg onload=__xss(3)>',
  '[click me](javascript:__xss(4))',
  '[click me](JaVaScRiPt:__xss(5))',
  '[x](data:text/html;base64,PHNjcmlwdD5fX3hzcyg2KTwvc2NyaXB0Pg==)',
  '<a href="javascript:__xss(7)">link</a>',
  '**<img src=x onerror=__xss(8)>**',
  '`<script>__xss(9)</script>`',
  '<iframe src="javascript:__xss(10)"></iframe>',
  '"><script>__xss(11)</script>',
  "'><img src=x onerror=__xss(12)>",
  '<details open ontoggle=__xss(13)>',
  '[a](https://example.com" onmouseover="__xss(14))',
  '<style>@import "javascript:__xss(15)";</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(16)>',
  '```\n</code></pre><img src=x onerror=__xss(17)>\n```',
  '- <img src=x onerror=__xss(18)>\n- [x](vbscript:__xss(19))',
  '<object data="javascript:__xss(20)"></object>',
  'javascript:__xss(21)',
];

/** Sources whose title or URL try the same tricks. */
export const XSS_SOURCES = [
  { source_id: 's1', title: '<img src=x onerror=__xss(101)>', url: 'javascript:__xss(102)' },
  { source_id: 's2', title: '"><script>__xss(103)</script>', url: 'data:text/html,<script>__xss(104)</script>' },
  { source_id: 's3', title: 'Safe title', url: 'https://example.com/"><img src=x onerror=__xss(105)>' },
];
