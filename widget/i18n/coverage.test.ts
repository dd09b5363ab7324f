// "Every widget string from message catalogues", checked on the source: no component may
// carry visitor-facing text of its own, neither as JSX text nor as a literal label attribute.
// Symbols (★) and markup without letters are fine; anything with letters must come from `strings`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = join(import.meta.dirname, '../app');
const files = [
  ...readdirSync(join(APP, 'components')).map((f) => join(APP, 'components', f)),
  ...readdirSync(APP).filter((f) => f.endsWith('.tsx')).map((f) => join(APP, f)),
].filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'));

/** Literal text between JSX tags, and literal values of the attributes people hear or read. */
export function literalStrings(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of code.matchAll(/>([^<>{}()=;]*\p{L}{2,}[^<>{}()=;]*)</gu)) found.push(m[1]!.trim());
  for (const m of code.matchAll(/\b(aria-label|aria-description|placeholder|title|alt|aria-valuetext)=["']([^"']*\p{L}[^"']*)["']/gu)) found.push(`${m[1]}="${m[2]}"`);
  return found;
}

describe('catalogue coverage', () => {
  it('finds the kinds of literal it looks for', () => {
    expect(literalStrings('<button aria-label="Close">x</button><p>Hello there</p>')).toEqual(['Hello there', 'aria-label="Close"']);
    expect(literalStrings('<p>{strings.title}</p><span>★</span>')).toEqual([]);
  });

  it('no component of the app carries its own visitor-facing text', () => {
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.flatMap((f) => literalStrings(readFileSync(f, 'utf8')).map((s) => `${f.slice(APP.length + 1)}: ${s}`));
    expect(offenders).toEqual([]);
  });
});
