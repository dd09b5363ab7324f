// Text matched literally inside a RegExp.

/** `text` with every RegExp metacharacter escaped, so `new RegExp(escapeRegExp(text))` matches it as written. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
