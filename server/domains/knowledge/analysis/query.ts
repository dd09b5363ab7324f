// A question turned into concepts: one per content word, each with the index terms that express it
// (its own stem; for a question in another language than the documents, its dictionary
// translations and cognates; for a word the documents never use, its typo corrections). A concept
// counts as covered by a chunk when any of its terms is there, so "Passwörter verbergen" covers
// "hide passwords" through the dictionary and "recieve" covers "receive" through the correction.
import { detectLanguage, type Language } from './language.js';
import { contentWords, isStop, stemWord } from './analyzer.js';
import { apertiumTranslations } from './apertium.js';
import { dictionary, translate } from './dictionary.js';
import { editDistance, type Vocabulary } from './vocabulary.js';
import { escapeRegExp } from '../../../lib/regexp.js';

export interface Concept {
  word: string;
  /** Index terms with their query weight (1 = the word itself). */
  terms: Map<string, number>;
  /** Weight of the concept in coverage: IDF of its best known term, or the highest IDF when unknown. */
  idf: number;
  /** Whether any of its terms occurs in the knowledge at all. */
  known: boolean;
  /**
   * An unknown word that names something (capitalised inside a sentence: "Okta", "Salesforce";
   * in a foreign question also one its dictionary does not translate):
   * the question is about something the knowledge does not cover, not worded differently.
   */
  foreign?: boolean;
}

export interface AnalyzedQuery {
  language: Language;
  concepts: Concept[];
}

/**
 * `documentLanguages` are the languages the indexed chunks are written in (most frequent first):
 * a question in another language is expanded towards English documents.
 */
export function analyzeQuery(text: string, vocabulary: Vocabulary, documentLanguages: readonly Language[]): AnalyzedQuery {
  const language = detectLanguage(text, documentLanguages[0] ?? 'en');
  const crossLingual = language !== 'en' && documentLanguages.includes('en') && !documentLanguages.slice(0, 1).includes(language);
  const maxIdf = Math.log(1 + (vocabulary.docs + 0.5) / 0.5);
  const concepts: Concept[] = [];
  const seen = new Set<string>();
  const words = crossLingual ? contentWords(text, language).flatMap((w) => splitForeignCompound(w, language)) : contentWords(text, language);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (crossLingual && i + 1 < words.length && linked(text, word, words[i + 1])) {
      const joined = englishCompound(word, words[i + 1], language, vocabulary);
      if (joined) {
        i++;
        seen.add(joined);
        concepts.push({ word: `${word} ${words[i]}`, terms: new Map([[joined, 0.8]]), idf: vocabulary.idf(joined), known: true });
        continue;
      }
    }
    const own = stemWord(word, language);
    if (seen.has(own)) continue;
    // A function word the stop list lacks ("todas": all): Apertium knows it and has only English
    // function words for it, so a dictionary's other senses ("today") would be false friends.
    const lemmas = crossLingual ? apertiumTranslations(word, language) : [];
    if (lemmas.length > 0 && lemmas.every((t) => isStop(t, 'en'))) continue;
    seen.add(own);
    const terms = new Map<string, number>();
    // Over English documents a foreign stem that happens to be an English term ("données" → don)
    // is a false friend: only a word the documents use as is ("widget", "cache") counts as itself.
    if (!crossLingual) terms.set(own, 1);
    if (crossLingual) {
      const english = stemWord(word, 'en');
      terms.set(english, 1);
      const translations = translate(word, language);
      sensesByUse(translations, vocabulary).forEach((term, i) => {
        if (!terms.has(term)) terms.set(term, Math.max(0.5, 0.8 - 0.05 * i));
      });
      // A sense the documents write in another form, one letter apart ("garantía": warrant, where a
      // shop writes warranty): only when no sense is used as given.
      if (![...terms.keys()].some((t) => vocabulary.has(t)))
        for (const t of translations.slice(0, 3)) {
          const term = stemWord(t, 'en');
          if (term.length >= 5) for (const c of vocabulary.corrections(term)) if (editDistance(term, c, 1) <= 1 && !terms.has(c)) terms.set(c, 0.5);
        }
      // A cognate written alike once both languages' endings are off ("tabla" and "table": tabl;
      // "columna", "column"), even where the dictionary has other senses ("tabla": board, shelf).
      if (own.length >= 4 && vocabulary.has(own) && !terms.has(own)) terms.set(own, 0.6);
      // Or one letter apart ("dominio": domin, "domain"), which no dictionary lists (the Italian
      // ones give command, mastery, dominion): a long stem only, below every translation.
      else if (own.length >= 5 && !vocabulary.has(own)) for (const c of vocabulary.corrections(own)) if (editDistance(own, c, 1) <= 1 && !terms.has(c)) terms.set(c, 0.5);
      // Spelling neighbours only for a word no dictionary knows: one whose meaning is known ("borro":
      // erase) but worded otherwise in the documents would meet a false friend (borrow).
      const unknown = () => translations.length === 0 && ![...terms.keys()].some((t) => vocabulary.has(t));
      if (unknown()) for (const c of vocabulary.cognates(word)) terms.set(c, 0.7);
      // Near-identical spellings ("datos" → data): the English stem one edit from a known term.
      if (unknown()) for (const c of vocabulary.corrections(english)) terms.set(c, 0.7);
    }
    if (!crossLingual && ![...terms.keys()].some((t) => vocabulary.has(t))) for (const c of vocabulary.corrections(own)) terms.set(c, 0.8);
    // A compound the documents write apart ("website" → web site, "Widgetfarbe" → widget farb).
    if (![...terms.keys()].some((t) => vocabulary.has(t))) for (const part of splitCompound(word, language, vocabulary)) terms.set(part, 0.7);
    const knownTerms = [...terms.keys()].filter((t) => vocabulary.has(t));
    const idf = knownTerms.length ? Math.max(...knownTerms.map((t) => vocabulary.idf(t))) : maxIdf;
    const known = knownTerms.length > 0;
    // Unknown and a name: capitalised inside a sentence ("Salesforce"), and in another language a
    // word its dictionary does not have either; a dictionary word is a wording matter, and so is a
    // lower-case word no dictionary has, mostly an inflected form ("Wie lange gilt die Garantie?":
    // gilt, of gelten). Only asked of unknown words: `named` scans the question with a regular
    // expression of its own.
    const isName = !known && (!crossLingual || (dictionary(language) !== null && translate(word, language).length === 0)) && named(text, word);
    concepts.push({ word, terms, idf, known, ...(isName ? { foreign: true } : {}) });
  }
  return { language, concepts };
}

/**
 * A word's English senses the knowledge base uses, as stems, in the order they are tried: the
 * dictionary's order (its first senses are the common ones), unless the knowledge base uses a later
 * sense more than twice as often per place (Italian "coda" is tail, then queue; a mail server's
 * guides say queue: the visitor means theirs).
 */
export function sensesByUse(translations: readonly string[], vocabulary: Vocabulary): string[] {
  const seen = new Set<string>();
  const senses: { term: string; score: number }[] = [];
  for (const t of translations) {
    const term = stemWord(t, 'en');
    if (seen.has(term) || !vocabulary.has(term)) continue;
    seen.add(term);
    senses.push({ term, score: Math.log(1 + vocabulary.count(term)) - Math.LN2 * senses.length });
  }
  return senses.sort((a, b) => b.score - a.score).map((s) => s.term);
}

/**
 * A compound the dictionary has only in parts, as two words ("Datenbankbenutzers" → datenbank,
 * benutzers: database, user); German joins parts with a linking s ("Verbindungs|fehler").
 */
function splitForeignCompound(word: string, language: Language): string[] {
  if (word.length < 8 || translate(word, language).length) return [word];
  for (let i = 4; i <= word.length - 4; i++) {
    const tail = word.slice(i);
    if (!translate(tail, language).length) continue;
    for (const head of [word.slice(0, i), ...(word[i - 1] === 's' ? [word.slice(0, i - 1)] : [])]) if (translate(head, language).length) return [head, tail];
  }
  return [word];
}

/**
 * Two foreign words that English writes as one ("base de datos", "sistema de archivos", "nom
 * d'utilisateur": database, filesystem, username): a translation of each, joined in either order,
 * that the documents use as one term. The parts alone would find "data" and "base" anywhere.
 */
function englishCompound(first: string, second: string, language: Language, vocabulary: Vocabulary): string | null {
  const senses = (w: string) => [...new Set([...translate(w, language).slice(0, 4), stemWord(w, 'en')])];
  const a = senses(first);
  const b = senses(second);
  for (const x of b) for (const y of a) for (const joined of [x + y, y + x]) {
    if (joined.length < 6) continue;
    const term = stemWord(joined, 'en');
    if (vocabulary.has(term)) return term;
  }
  return null;
}

// "base de datos", "nom d'utilisateur", "base di dati": the linking word of a noun phrase.
const LINK = "(?:de|di|da|do|du|des|del|della|delle|dei|degli|dos|das)\\s+|d['’]";

/** Whether `second` follows `first` in `text` through a linking preposition ("base de datos"). */
function linked(text: string, first: string, second: string): boolean {
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(first)}\\s+(?:${LINK})${escapeRegExp(second)}(?![\\p{L}])`, 'iu').test(text);
}

/** Two known terms that make up `word` ("website" → web + site), or none. */
function splitCompound(word: string, language: Language, vocabulary: Vocabulary): string[] {
  if (word.length < 7) return [];
  for (let i = 3; i <= word.length - 3; i++) {
    const head = stemWord(word.slice(0, i), language);
    const tail = stemWord(word.slice(i), language);
    if (vocabulary.has(head) && vocabulary.has(tail)) return [head, tail];
    const en = stemWord(word.slice(0, i), 'en');
    const enTail = stemWord(word.slice(i), 'en');
    if (vocabulary.has(en) && vocabulary.has(enTail)) return [en, enTail];
  }
  return [];
}

/** Whether `word` appears capitalised somewhere other than at the start of a sentence. */
function named(text: string, word: string): boolean {
  const escaped = escapeRegExp(word);
  for (const m of text.matchAll(new RegExp(`(^|[^\\p{L}\\p{N}])(${escaped})(?![\\p{L}\\p{N}])`, 'giu'))) {
    const found = m[2];
    const before = text.slice(0, (m.index ?? 0) + m[1].length).trimEnd();
    if (/^\p{Lu}/u.test(found) && before !== '' && !/[.!?¿¡:]$/.test(before)) return true;
  }
  return false;
}
