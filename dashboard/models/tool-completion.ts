// Backtick tool completion for guidance instructions (spec 2.7: tool names written in backticks make
// up a rule's allowed tools). Pure text logic, kept apart from the component so the rules about where
// a completion starts and what it inserts are in one place.

/** Characters of a tool name, as the server reads them between backticks. */
const NAME_CHAR = /[A-Za-z0-9_.-]/;

export interface Completion {
  /** Index just after the opening backtick. */
  start: number;
  /** What the user typed since the backtick. */
  query: string;
}

/**
 * The name being typed at `caret`, when the caret is inside an unclosed backtick span (an odd number
 * of backticks before it on the text) and only name characters follow that backtick; else null.
 */
export function completionAt(text: string, caret: number): Completion | null {
  const before = text.slice(0, caret);
  const ticks = before.split('`').length - 1;
  if (ticks % 2 === 0) return null;
  const start = before.lastIndexOf('`') + 1;
  const query = before.slice(start);
  return [...query].every((c) => NAME_CHAR.test(c)) ? { start, query } : null;
}

/** Names that start with the query first, then names that contain it, case-insensitively. */
export function filterTools<T extends { name: string }>(tools: T[], query: string): T[] {
  const q = query.toLowerCase();
  const starts = tools.filter((t) => t.name.toLowerCase().startsWith(q));
  return [...starts, ...tools.filter((t) => !starts.includes(t) && t.name.toLowerCase().includes(q))];
}

/**
 * The text with the name chosen for `c`: the partial name (also the part after the caret, when the user
 * went back into a word) is replaced, and the closing backtick added unless one is already there.
 * Returns the new text and the caret, placed after the closing backtick.
 */
export function insertTool(text: string, caret: number, c: Completion, name: string): { text: string; caret: number } {
  let end = caret;
  while (end < text.length && NAME_CHAR.test(text[end])) end++;
  const closed = text[end] === '`';
  const head = `${text.slice(0, c.start)}${name}\``;
  return { text: head + text.slice(closed ? end + 1 : end), caret: head.length };
}
