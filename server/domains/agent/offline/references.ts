// Sentences of a quoted answer that point at something the answer may not show: "Lines 2-3 …",
// "Figure 4 …", "the example above", or a paragraph opening "This searches for files…" right after
// the command it explains. compose.ts shows the block they point at, or leaves such sentences out,
// so an answer never refers to what the visitor cannot see.

/**
 * Names a numbered line, figure or listing, or an example above. ("The following command:" is not
 * here: the block after such a sentence comes with it, compose.ts.)
 */
const POINTS_AT =
  /\b(lines?\s+\d+|figures?\s+\d+|fig\.\s*\d+|listings?\s+\d+|examples?\s+\d+|(above|previous|preceding)\s+(examples?|code|listing|commands?|output|snippet|figure)|(examples?|code|listing|commands?|output|snippet|figure)\s+above)\b/i;

/** Opens by pointing back at what came just before ("This searches…", "These options…", "Here,"). */
const POINTS_BACK = /^(this|these|that|those|here|it)\b(?!\s+(page|section|chapter|guide|document|manual|tutorial)\b)/i;

/** Sentences of a paragraph, cut before the blank after a full stop: joined, they give it back whole. */
const sentences = (text: string): string[] => text.split(/(?<=[.!?])(?=\s+\S)/);

/** Whether a paragraph refers to a block that should come right before it. */
export function refersBack(text: string): boolean {
  const first = sentences(text.trim())[0] ?? '';
  return POINTS_BACK.test(text.trim()) || POINTS_AT.test(first);
}

/**
 * The paragraph without the sentences that point at what is not shown: every sentence naming a
 * line, figure or example, and, when `opening` (nothing of the section is shown before it), a first
 * sentence that points back. Empty when nothing is left.
 */
export function withoutDanglingReferences(text: string, opening: boolean): string {
  const kept = sentences(text).filter((s, i) => !POINTS_AT.test(s) && !(opening && i === 0 && POINTS_BACK.test(s.trim())));
  return kept.join('').trim();
}
