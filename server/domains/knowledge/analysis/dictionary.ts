// Bilingual dictionaries for cross-lingual retrieval: Debian's FreeDict packages
// (dict-freedict-deu-eng, -spa-eng, -fra-eng, -ita-eng, -por-eng, -nld-eng; scripts/system-deps.sh
// installs them) map a German, Spanish, French, Italian, Portuguese or Dutch question word onto
// English words. The English-to-X packages
// (dict-freedict-eng-deu, …) are read backwards too: the small Spanish, French and Italian
// dictionaries lack common words one way that the other way has ("fichier" is only under "file",
// "Benutzer" only under "user"). Each language's dictionary is parsed
// once, lazily (without blocking the event loop), the first time a question in its language arrives, into a map from the headword's
// Snowball stem (so inflected forms meet their headword) to its first English translations; the
// result is cached as JSON in the temp folder, so a restart reads a few MB instead of 100.
// A missing package just means no dictionary for that language: retrieval stays monolingual.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from './language.js';
import { fold, isStop } from './analyzer.js';
import { apertiumTranslations } from './apertium.js';

const FILES: Partial<Record<Language, string>> = {
  de: 'freedict-deu-eng', es: 'freedict-spa-eng', fr: 'freedict-fra-eng', it: 'freedict-ita-eng', pt: 'freedict-por-eng', nl: 'freedict-nld-eng',
};
const REVERSE: Partial<Record<Language, string>> = {
  de: 'freedict-eng-deu', es: 'freedict-eng-spa', fr: 'freedict-eng-fra', it: 'freedict-eng-ita', pt: 'freedict-eng-por', nl: 'freedict-eng-nld',
};
/** English words kept per headword: the first senses are the common ones. */
const PER_ENTRY = 4;

export type Dictionary = Map<string, string[]>;

let dictDir = process.env.PARLEY_DICT_DIR ?? '/usr/share/dictd';
const loaded = new Map<Language, Dictionary | null>();

/** Points the loader at another folder (tests use a small dictionary they write). */
export function setDictionaryDir(dir: string): void {
  dictDir = dir;
  loaded.clear();
  loading.clear();
}

/** dictd's base64 numbers (offsets and lengths in the .index file). */
function b64(s: string): number {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let n = 0;
  for (const c of s) n = n * 64 + alphabet.indexOf(c);
  return n;
}

/** English words of one entry's body: its first translation lines, without notes, cross-references and labels. */
function translations(body: string): string[] {
  const out: string[] = [];
  const lines = body.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) break; // the entry's own senses end at the first blank line; what follows is cross-references
    // Indented lines are notes and examples ("das Verbergen von Schmuggelware" - the concealment …).
    if (/^\s{3,}/.test(lines[i]) || line.startsWith('"')) continue;
    if (/^(see|synonyms?|antonyms?|notes?)\s*:/i.test(line)) continue;
    const text = line.replace(/\[[^\]]*\]|<[^>]*>|\([^)]*\)|\{[^}]*\}|\/[^/]*\//g, ' ').replace(/^\d+\.\s*/, '');
    for (const sense of text.split(/[,;]/)) {
      for (const w of sense.toLowerCase().split(/[^a-z]+/)) {
        if (w.length > 1 && w !== 'sth' && w !== 'sb' && !isStop(w, 'en') && !out.includes(w)) out.push(w);
      }
      if (out.length >= PER_ENTRY) return out;
    }
  }
  return out;
}

// Inflection endings stripped to meet a headword ("Passwörter" → passwort, "registros" → registr).
// Cruder than Snowball but a hundred times faster, which matters for 400k German headwords.
const ENDINGS: Partial<Record<Language, RegExp>> = {
  de: /(?:en|em|er|es|e|n|s)$/,
  es: /(?:es|as|os|ar|er|ir|a|o|e|s)$/,
  fr: /(?:ent|er|ez|es|e|s|x)$/,
  it: /(?:are|ere|ire|a|e|i|o)$/,
  pt: /(?:es|as|os|ar|er|ir|a|o|e|s)$/,
  nl: /(?:en|e|s)$/,
};

/** The key a word is looked up by: lowercase, folded, one inflection ending off. */
export function lightStem(word: string, lang: Language): string {
  const w = fold(word.toLowerCase());
  const ending = ENDINGS[lang];
  return ending && w.length > 5 ? w.replace(ending, '') : w;
}

/** Calls `entry` with each single-word headword and the start of its body, yielding to the event loop now and then (the German files have 400k headwords). */
async function entries(base: string, entry: (head: string, body: string) => void): Promise<void> {
  const data = gunzipSync(readFileSync(`${base}.dict.dz`));
  const lines = readFileSync(`${base}.index`, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (i % 20_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const [head, off, len] = lines[i].split('\t');
    if (!head || !off || !len || head.length > 24 || head.startsWith('00database') || /\s/.test(head)) continue;
    const start = b64(off);
    // dictd also indexes every word of a phrase headword ("verbergen" → "Verbergen von Schmuggelware"):
    // only entries whose headword is the word itself are translations of it.
    const body = data.toString('utf8', start, start + Math.min(b64(len), 400));
    const headLine = body.slice(0, body.indexOf('\n'));
    if (headLine.replace(/\s*[/<].*$/, '').trim().toLowerCase() !== head.toLowerCase()) continue;
    entry(head, body);
  }
}

function addTranslations(dict: Dictionary, key: string, words: readonly string[]): void {
  const have = dict.get(key);
  if (!have) dict.set(key, [...words]);
  else for (const w of words) if (have.length < PER_ENTRY + 2 && !have.includes(w)) have.push(w);
}

/**
 * Foreign words of an English-to-X entry: its senses that are one word ("1. fichier | 2. lime"),
 * without labels; phrases ("porte document") say too little about one word to be read backwards.
 */
function foreignWords(body: string): string[] {
  const out: string[] = [];
  for (const line of body.split('\n').slice(1)) {
    if (!line.trim()) break;
    if (/^\s{3,}/.test(line) || /^\s*(see|synonyms?|notes?)\s*:/i.test(line)) continue;
    const text = line.replace(/\[[^\]]*\]|<[^>]*>|\([^)]*\)|\{[^}]*\}|\/[^/]*\//g, ' ').replace(/^\s*\d+\.\s*/, '');
    for (const sense of text.split(/[,;]/)) {
      const w = sense.trim().toLowerCase();
      if (/^\p{L}{3,}$/u.test(w) && !out.includes(w)) out.push(w);
    }
  }
  return out;
}

/** Parses one language's dictionaries: X-to-English, then English-to-X read backwards. */
async function parse(lang: Language, base: string, reverse: string | null): Promise<Dictionary> {
  const dict: Dictionary = new Map();
  await entries(base, (head, body) => {
    const words = translations(body);
    if (words.length) addTranslations(dict, lightStem(head, lang), words);
  });
  // Read backwards, an English headword is one translation of each of its foreign words; the
  // forward dictionary's own senses come first, so they stay the first candidates.
  // An English headword listing the foreign word among its first senses ("cancel: annuler") is a
  // better translation than one listing it fifth ("abolish: …, annuler"): kept by that position.
  if (reverse) {
    const english = new Map<string, { en: string; at: number }[]>();
    await entries(reverse, (head, body) => {
      const en = head.toLowerCase();
      if (!/^[a-z]{2,}$/.test(en) || isStop(en, 'en')) return;
      foreignWords(body).forEach((f, at) => {
        const key = lightStem(f, lang);
        const list = english.get(key);
        if (!list) english.set(key, [{ en, at }]);
        else if (!list.some((x) => x.en === en)) list.push({ en, at });
      });
    });
    // Interleaved with the forward senses, so a long forward entry ("annuler": abolish, abrogate,
    // abjure, annul) does not crowd out the backward reading's first one ("cancel").
    for (const [key, list] of english) {
      const backward = list.sort((a, b) => a.at - b.at).map((x) => x.en);
      const forward = dict.get(key) ?? [];
      const merged: string[] = [];
      for (let i = 0; merged.length < PER_ENTRY * 2 && (i < forward.length || i < backward.length); i++)
        for (const w of [forward[i], backward[i]]) if (w && !merged.includes(w)) merged.push(w);
      dict.set(key, merged);
    }
  }
  return dict;
}

/**
 * The parse's own code, hashed: a cached parse is only read by the code that wrote it, so a change
 * to how entries are read or keyed can never meet an older parse (a hand-kept version number was
 * once forgotten, and a stale parse silently changed retrieval).
 */
let parserHash: string | null = null;
function parserVersion(): string {
  parserHash ??= createHash('sha256')
    .update([entries, translations, foreignWords, lightStem, parse].map(String).join('\n') + String(Object.entries(ENDINGS)) + PER_ENTRY)
    .digest('hex')
    .slice(0, 12);
  return parserHash;
}

const loading = new Map<Language, Promise<Dictionary | null>>();

async function load(lang: Language): Promise<Dictionary | null> {
  const file = FILES[lang];
  const base = file ? join(dictDir, file) : '';
  if (!file || !existsSync(`${base}.index`) || !existsSync(`${base}.dict.dz`)) return null;
  const reverseFile = REVERSE[lang];
  const reverse = reverseFile && existsSync(join(dictDir, `${reverseFile}.index`)) && existsSync(join(dictDir, `${reverseFile}.dict.dz`)) ? join(dictDir, reverseFile) : null;
  const stamp = (path: string | null) => {
    if (!path) return 'none';
    const s = statSync(`${path}.dict.dz`);
    return `${s.size}-${Math.round(s.mtimeMs)}`;
  };
  const cacheDir = join(tmpdir(), 'parley-dictionaries');
  const cache = join(cacheDir, `${file}-${stamp(base)}-${stamp(reverse)}-${parserVersion()}.json`);
  try {
    return new Map(JSON.parse(await readFile(cache, 'utf8')) as [string, string[]][]);
  } catch {
    // no cache yet (or a damaged one): parse the package's files
  }
  try {
    const dict = await parse(lang, base, reverse);
    mkdirSync(cacheDir, { recursive: true });
    await writeFile(`${cache}.${process.pid}`, JSON.stringify([...dict]));
    await rename(`${cache}.${process.pid}`, cache);
    return dict;
  } catch {
    // An unreadable or malformed dictionary is as good as none; monolingual retrieval still works.
    return null;
  }
}

/** Loads (once) the dictionary from `lang` to English; null when its package is not installed. */
export function loadDictionary(lang: Language): Promise<Dictionary | null> {
  let p = loading.get(lang);
  if (!p) {
    p = load(lang).then((dict) => {
      loaded.set(lang, dict);
      return dict;
    });
    loading.set(lang, p);
  }
  return p;
}

/** The dictionary if it is loaded already (see loadDictionary). */
export function dictionary(lang: Language): Dictionary | null {
  return loaded.get(lang) ?? null;
}

/**
 * The keys a question word may be filed under: one ending is not always enough ("fichiers" →
 * fichier, but the headword "fichier" is filed as fichi), and a short verb form keeps its ending
 * under the length rule ("borro" → borr, filed from "borrar").
 */
export function lookupKeys(word: string, lang: Language): string[] {
  const ending = ENDINGS[lang];
  const keys = [lightStem(word, lang)];
  if (ending && keys[0].length > 5) keys.push(keys[0].replace(ending, ''));
  const folded = fold(word.toLowerCase());
  if (ending && folded.length === 5) keys.push(folded.replace(ending, ''));
  return [...new Set(keys.filter((k) => k.length >= 3))];
}

/**
 * English words for a word of `lang`, [] when unknown: Apertium's first where the question's words
 * were looked up there (analysis/apertium.ts: a lemma's translations, the better source for
 * Spanish and French), then the dictionary's (matched through the word's stem).
 */
export function translate(word: string, lang: Language): string[] {
  const out: string[] = apertiumTranslations(word, lang).filter((w) => !isStop(w, 'en')).slice(0, PER_ENTRY);
  const dict = dictionary(lang);
  if (!dict) return out;
  const limit = out.length + PER_ENTRY * 2;
  for (const key of lookupKeys(word, lang)) for (const w of dict.get(key) ?? []) if (out.length < limit && !out.includes(w)) out.push(w);
  return out;
}
