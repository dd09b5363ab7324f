// Which procedure a visitor's message starts (docs/behaviour.md "Procedures"): offline, like knowledge
// retrieval, by the content words (stop words out, stemmed, diacritics folded) its trigger phrases
// share with the message, each phrase analysed in its own language. A phrase matches when the message
// has at least three quarters of its content words; the phrase with the most words wins.
import type { Procedure } from '../../../shared/schemas/procedures.js';
import { analyze, fold } from '../knowledge/analysis/analyzer.js';
import { detectLanguage } from '../knowledge/analysis/language.js';
import { lruMemo } from '../../lib/lru-memo.js';

const MATCH_SHARE = 0.75;

const termsOf = (text: string) => new Set(analyze(text, detectLanguage(text)).map(fold));

/**
 * A trigger phrase's words, kept: every message of every conversation is matched against the same
 * phrases, and analysing them again each time was most of the matcher's cost. Bounded, least
 * recently used first out; a changed phrase is a new key.
 */
const PHRASES_KEPT = 2048;
const phraseWords = lruMemo(PHRASES_KEPT, (phrase: string) => phrase, (phrase: string) => [...termsOf(phrase)]);

export function matchProcedure(message: string, procedures: readonly Procedure[]): Procedure | null {
  const said = termsOf(message);
  if (!said.size) return null;
  let best: { procedure: Procedure; words: number; share: number } | null = null;
  for (const procedure of procedures) {
    for (const phrase of procedure.triggers) {
      const words = phraseWords(phrase);
      if (!words.length) continue;
      const share = words.filter((w) => said.has(w)).length / words.length;
      if (share < MATCH_SHARE) continue;
      if (!best || share > best.share || (share === best.share && words.length > best.words)) best = { procedure, words: words.length, share };
    }
  }
  return best?.procedure ?? null;
}
