// Reads the policies out of csp.md, so tests check the document itself: each
// section's fenced policy block, its {PLACEHOLDERS} filled from BASE_URL, CHAT_URL and CDN_URL exactly
// as csp.md's table says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DOC = readFileSync(join(import.meta.dirname, '../../csp.md'), 'utf8');

export type Directives = Record<string, string[]>;

/** The plain fenced blocks (no language: policies, not the html snippet) of the section `heading`. */
export function policyBlocks(heading: string): string[] {
  const start = DOC.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`csp.md has no section "${heading}"`);
  const end = DOC.indexOf('\n## ', start + 4);
  const section = DOC.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/\n```\n([\s\S]*?)\n```/g)].map((m) => m[1]);
}

export function fill(policy: string, urls: { base: string; chat: string; cdn: string }, extra: Record<string, string> = {}): string {
  const origin = (u: string) => new URL(u).origin;
  const values: Record<string, string> = {
    ASSETS: `${urls.cdn}/widget/`,
    CDN: origin(urls.cdn),
    API: origin(urls.base),
    WS: origin(urls.base).replace(/^http/, 'ws'),
    CHAT: origin(urls.chat),
    CHAT_URL: urls.chat,
    ...extra,
  };
  return policy.replace(/\{([A-Z_]+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export function parse(policy: string): Directives {
  const out: Directives = {};
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}
