// Shapes of the eval's documentation sets and questions (docs/eval.md).
/** 'tune' questions may be looked at while improving the answerer; 'held-out' ones never. */
export type Split = 'tune' | 'held-out';
/** The language the visitor writes in; every set's documentation is English. */
export type Lang = 'en' | 'de' | 'es' | 'fr' | 'it';

export interface SetQuestion {
  /** Stable id within its set, e.g. "py-07". */
  id: string;
  split: Split;
  lang: Lang;
  /** Earlier user turns of the same conversation, each answered before `question` is asked. */
  previous?: string[];
  question: string;
  /** Pages (paths relative to the set root) that answer it; empty = on topic but not answerable. */
  pages: string[];
}

export interface DocSet {
  /** Short name: the URL prefix on the local static server and the project's name. */
  name: string;
  /** Folder the Debian package installs, served as is. */
  root: string;
  /** Which pages (paths relative to root, "/"-separated) are published; fixed before any run. */
  include: (path: string) => boolean;
  questions: SetQuestion[];
}

/** Builds a set's question list with ids numbered in order: q(split, lang, question, pages, previous?). */
export function numbered(prefix: string, rows: [Split, Lang, string, string[], string[]?][]): SetQuestion[] {
  return rows.map(([split, lang, question, pages, previous], i) => ({
    id: `${prefix}-${String(i + 1).padStart(2, '0')}`,
    split,
    lang,
    question,
    pages,
    ...(previous ? { previous } : {}),
  }));
}
