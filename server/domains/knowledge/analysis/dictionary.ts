// Bilingual dictionaries for cross-lingual retrieval: Debian's FreeDict packages
// (dict-freedict-deu-eng, -spa-eng, -fra-eng, -ita-eng; scripts/system-deps.sh installs them) map a
// German, Spanish, French or Italian question word onto English words. Each dictionary is parsed
// once, lazily (without blocking the event loop), the first time a question in its language arrives, into a map from the headword's
// Snowball stem (so inflected forms meet their headword) to its first English translations; the
// result is cached as JSON in the temp folder, so a restart reads a few MB instead of 100.
// A missing package just means no dictionary for that language: retrieval stays monolingual.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from './language.js';
import { fold, isStop } from './analyzer.js';

const FILES: Partial<Record<Language, string>> = { de: 'freedict-deu-eng', es: 'freedict-spa-eng', fr: 'freedict-fra-eng', it: 'freedict-ita-eng' };
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
};

/** The key a word is looked up by: lowercase, folded, one inflection ending off. */
export function lightStem(word: string, lang: Language): string {
  const w = fold(word.toLowerCase());
  const ending = ENDINGS[lang];
  return ending && w.length > 5 ? w.replace(ending, '') : w;
}

/** Parses one dictionary, yielding to the event loop now and then: the German one has 400k headwords. */
async function parse(lang: Language, base: string): Promise<Dictionary> {
  const dict: Dictionary = new Map();
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
    const words = translations(body);
    if (words.length === 0) continue;
    const key = lightStem(head, lang);
    const have = dict.get(key);
    if (!have) dict.set(key, words);
    else for (const w of words) if (have.length < PER_ENTRY + 2 && !have.includes(w)) have.push(w);
  }
  return dict;
}

const loading = new Map<Language, Promise<Dictionary | null>>();

async function load(lang: Language): Promise<Dictionary | null> {
  const file = FILES[lang];
  const base = file ? join(dictDir, file) : '';
  if (!file || !existsSync(`${base}.index`) || !existsSync(`${base}.dict.dz`)) return null;
  const stamp = statSync(`${base}.dict.dz`);
  const cacheDir = join(tmpdir(), 'parley-dictionaries');
  const cache = join(cacheDir, `${file}-${stamp.size}-${Math.round(stamp.mtimeMs)}-v4.json`);
  try {
    return new Map(JSON.parse(await readFile(cache, 'utf8')) as [string, string[]][]);
  } catch {
    // no cache yet (or a damaged one): parse the package's files
  }
  try {
    const dict = await parse(lang, base);
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

/** English words for a word of `lang` (matched through its stem), [] when unknown. */
export function translate(word: string, lang: Language): string[] {
  return dictionary(lang)?.get(lightStem(word, lang)) ?? [];
}
