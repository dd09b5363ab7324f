// "Nothing here is about this" (docs/knowledge.md "Answers"): a question that names a product, tool
// or format ("Litestream", "PyPI", "IndexedDB", "asyncio.gather") is about that thing, and a section
// that does not mention it is not about the question, however many of its other words it shares
// ("stream my sqlite database to S3 in real time with Litestream" finds pages about sqlite
// databases). Such a section is never the confident answer nor a suggestion; when none of the first
// three pages found has one that mentions every name, the visitor gets the plain no-answer with the
// handoff offer, not three unrelated links.
import type { Passage, QueryConcept } from '../../knowledge/types.js';
import type { Language } from '../../knowledge/analysis/language.js';
import { dictionary, translate } from '../../knowledge/analysis/dictionary.js';
import { escapeRegExp } from '../../../lib/regexp.js';
import { covered, passageTerms } from './features.js';

/** A German word its dictionary lacks; without the dictionary nothing can be told, so none is. */
const untranslated = (word: string) => dictionary('de') !== null && translate(word, 'de').length === 0;

/**
 * A name the knowledge base uses in more than about one section in five (IDF below 1.5) is what the
 * whole base is about, not a thing a section must mention: "How do I benchmark a Fastify
 * application?" over Fastify's manual, whose Benchmarking guide never writes the word.
 */
const COMMON_NAME_IDF = 1.5;

/** Pages a suggestion lists at most. */
const PAGES = 3;

/**
 * How `word` is written in the question: each occurrence, and whether it opens a sentence (where a
 * capital says nothing), or is joined to another word by a dot ("asyncio.gather", "sql.js", ".xlsx").
 */
function occurrences(text: string, word: string): { found: string; opening: boolean; dotted: boolean }[] {
  const out: { found: string; opening: boolean; dotted: boolean }[] = [];
  for (const m of text.matchAll(new RegExp(`(^|[^\\p{L}\\p{N}])(${escapeRegExp(word)})(?![\\p{L}\\p{N}])`, 'giu'))) {
    const start = (m.index ?? 0) + m[1]!.length;
    const before = text.slice(0, start).trimEnd();
    const end = start + m[2]!.length;
    // A dot right before a word or between two words is code, a module or a file type ("sql.js",
    // ".xlsx"), never a sentence end, which a space follows.
    const dotted = text[start - 1] === '.' || /^\.\p{L}/u.test(text.slice(end, end + 2));
    out.push({ found: m[2]!, opening: before === '' || /[.!?¿¡:]$/.test(before), dotted });
  }
  return out;
}

/**
 * Whether a concept of the question is a name: written with a capital inside the word ("GitHub",
 * "pgBouncer", "PyPI", "S3"), joined by a dot ("asyncio.gather"), or capitalised inside a sentence
 * ("Litestream", "Homebrew"). German capitalises every noun, so there a capitalised word is a name
 * only when its dictionary does not translate it ("Excel", "Oracle", not "Datei").
 * A number with a unit ("100k") is no name.
 */
export function isName(question: string, concept: QueryConcept, language: Language): boolean {
  for (const { found, opening, dotted } of occurrences(question, concept.word)) {
    if (!/^\p{L}/u.test(found)) continue;
    if (/\p{L}.*\p{Lu}/u.test(found) || /\d/.test(found) || dotted) return true;
    if (/^\p{Lu}/u.test(found) && !opening && (language !== 'de' || untranslated(concept.word))) return true;
  }
  return false;
}

/**
 * Which sections are about the question's names: a section is when it mentions every one of them (by
 * any of a concept's terms: a translation or spelling correction counts), the base's own common
 * names aside. Every section is when the question names nothing else.
 */
export function aboutNames(question: string, concepts: readonly QueryConcept[], language: Language): (p: Passage) => boolean {
  const names = concepts.filter((c) => c.idf >= COMMON_NAME_IDF && isName(question, c, language));
  if (names.length === 0) return () => true;
  // The word as written is the usual case and costs a regular expression; only a section without
  // it is analysed for the concept's other terms (a translation, another inflection).
  const written = names.map((c) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(c.word)}(?![\\p{L}\\p{N}])`, 'iu'));
  // The decision asks about the same sections several times (answer, suggestions, their lead).
  const seen = new Map<Passage, boolean>();
  return (p) => {
    let yes = seen.get(p);
    if (yes === undefined) {
      const text = [p.title, ...p.headings, p.question ?? '', p.text].join('\n');
      let terms: ReadonlySet<string> | undefined;
      yes = names.every((c, i) => written[i]!.test(text) || covered([c], (terms ??= passageTerms(p))) > 0);
      seen.set(p, yes);
    }
    return yes;
  };
}

/** The sections of the first three pages found: the ones a suggestion could list. */
export function firstPages(passages: readonly Passage[]): Passage[] {
  const pages: string[] = [];
  for (const p of passages) if (pages.length < PAGES && !pages.includes(p.source_id)) pages.push(p.source_id);
  return passages.filter((p) => pages.includes(p.source_id));
}
