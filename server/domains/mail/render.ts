// Plain text and HTML of one message from the same parts, so the two never say different things.
// The HTML is deliberately plain (no images, no remote content, inline styles only): mail clients
// strip most CSS, block remote images, and a plain message is less likely to be taken for spam.

export interface MailParts {
  /** Language of the texts (html lang; right-to-left for Arabic and Hebrew). */
  language: string;
  greeting?: string;
  /** Paragraphs before the button. */
  paragraphs: string[];
  /** A quoted block (a visitor reply's text), shown as is. */
  quote?: { by: string; text: string };
  action?: { label: string; url: string };
  /** Paragraphs after the button (why you got this, expiry). */
  footer: string[];
}

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function renderText(p: MailParts): string {
  const out: string[] = [];
  if (p.greeting) out.push(p.greeting);
  out.push(...p.paragraphs);
  if (p.quote) out.push(`${p.quote.by}:\n\n${p.quote.text.split('\n').map((l) => `> ${l}`).join('\n')}`);
  if (p.action) out.push(`${p.action.label}:\n${p.action.url}`);
  out.push(...p.footer);
  return out.join('\n\n') + '\n';
}

export function renderHtml(p: MailParts): string {
  const lang = p.language.split('-')[0];
  const dir = RTL.has(lang) ? 'rtl' : 'ltr';
  const para = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const parts = [
    ...(p.greeting ? [para(p.greeting)] : []),
    ...p.paragraphs.map(para),
    ...(p.quote
      ? [
          `<p style="margin:0 0 8px;color:#555">${escapeHtml(p.quote.by)}:</p>`,
          `<blockquote style="margin:0 0 16px;padding:8px 16px;border-inline-start:4px solid #ccc;white-space:pre-wrap">${escapeHtml(p.quote.text)}</blockquote>`,
        ]
      : []),
    ...(p.action
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(p.action.url)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(p.action.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(p.action.url)}</p>`,
        ]
      : []),
    ...p.footer.map((t) => `<p style="margin:0 0 12px;font-size:13px;color:#555">${escapeHtml(t)}</p>`),
  ];
  return `<!doctype html>
<html lang="${escapeHtml(p.language)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#111">
<div style="max-width:560px;margin:0 auto">
${parts.join('\n')}
</div>
</body>
</html>
`;
}
