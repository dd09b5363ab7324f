// What a conversation is about, as weighted terms (docs/operators.md "Topics"): the visitor's first
// messages, analysed like the knowledge's questions (the language's stop words out, Snowball stems).
// A message in German, French or Spanish contributes the English words its content words translate
// to (the knowledge's offline dictionaries), so "Rücksendung" and "return" can meet in one topic;
// a word without a translation keeps its own stem and still meets the same word in its language.
import { contentWords, stemWord } from '../knowledge/analysis/analyzer.js';
import { detectLanguage, type Language } from '../knowledge/analysis/language.js';
import { loadDictionary, translate } from '../knowledge/analysis/dictionary.js';

/** Weighted terms and, per term, the plain word it was seen as most (a topic's name is made of them). */
export interface TextTerms {
  weights: Map<string, number>;
  surface: Map<string, string>;
}

/** Translations kept per foreign word: the first senses; more only blur the topic. */
const SENSES = 2;

/** Loads the dictionaries `texts` need (once per language; the knowledge's own loader caches them). */
export async function prepareLanguages(texts: readonly string[]): Promise<void> {
  const langs = new Set<Language>(texts.map((t) => detectLanguage(t)));
  langs.delete('en');
  await Promise.all([...langs].map((l) => loadDictionary(l)));
}

export function textTerms(text: string): TextTerms {
  const lang = detectLanguage(text);
  const weights = new Map<string, number>();
  const surface = new Map<string, string>();
  const add = (stem: string, word: string, weight: number) => {
    weights.set(stem, (weights.get(stem) ?? 0) + weight);
    if (!surface.has(stem)) surface.set(stem, word);
  };
  if (lang === 'en') {
    for (const word of contentWords(text, 'en')) add(stemWord(word, 'en'), word, 1);
    return { weights, surface };
  }
  for (const word of contentWords(text, lang)) {
    const english = translate(word, lang)
      .map((sense) => contentWords(sense, 'en'))
      .filter((words) => words.length > 0)
      .slice(0, SENSES);
    if (!english.length) add(stemWord(word, lang), word, 1);
    // A sense of several words ("money back") shares its sense's weight among them.
    for (const words of english) for (const w of words) add(stemWord(w, 'en'), w, 1 / english.length / words.length);
  }
  return { weights, surface };
}
