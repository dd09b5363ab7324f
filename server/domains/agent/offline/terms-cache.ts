// The analysed terms of a text the offline answerer judges (docs/architecture.md section 6, step 5):
// the best section's title, headings and text (features.ts) and its paragraphs (compose.ts). The
// same sections answer question after question, and analysing their text again for every reply was
// the answerer's largest cost per message. Keyed by the language and the analysed text itself, so a
// section whose text changed is analysed afresh; the least recently used entries go first.
import { analyze } from '../../knowledge/analysis/analyzer.js';
import type { Language } from '../../knowledge/analysis/language.js';
import { lruMemo } from '../../../lib/lru-memo.js';

/** Texts kept: a few hundred sections and their paragraphs, a few MB at most. */
export const TERMS_CACHE_SIZE = 1024;

/** The set of analyze(text, language), shared: callers must not change it. */
export const analysedTerms: (text: string, language: Language) => ReadonlySet<string> = lruMemo(
  TERMS_CACHE_SIZE,
  (text, language) => `${language}\n${text}`,
  (text, language) => new Set(analyze(text, language)),
);
