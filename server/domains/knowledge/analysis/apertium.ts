// Word translations from Apertium's lexicons (Debian's apertium-eng-spa, apertium-fr-es,
// apertium-es-pt, apertium-cat-ita and apertium-eng-cat, read with lttoolbox's lt-proc;
// scripts/system-deps.sh installs them), for cross-lingual retrieval
// (docs/knowledge.md "Other languages"). FreeDict's Spanish and French dictionaries are small and
// miss common words in both directions ("filas" for rows, "rama" for branch); Apertium's lexicons
// are made for machine translation: a morphological analyser finds the lemma of an inflected form
// ("borro" → borrar) and the bilingual lexicon its English lemma (borrar → erase). Debian has no
// French-, Portuguese- or Italian-English pair: French and Portuguese go through Spanish (fr → es →
// en, pt → es → en), Italian through Catalan (it → ca → en). German and Dutch have none at all and
// keep FreeDict alone.
// Debian ships the lexicons compiled and without lt-expand, so they cannot be listed up front:
// each question's words are looked up once, before the search, in one long-lived `lt-proc -z`
// process per lexicon (a NUL ends each request and its answer), and remembered.
// Missing packages or a failing process just mean no Apertium translations: FreeDict still answers.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from './language.js';

let root = process.env.PARLEY_APERTIUM_DIR ?? '/usr/share/apertium';
/** The analyser of the language, then the bilingual lexicons from it to English, in order. */
const CHAINS: Partial<Record<Language, { morph: string; bilingual: string[] }>> = {
  es: { morph: 'apertium-eng-spa/spa-eng.automorf.bin', bilingual: ['apertium-eng-spa/spa-eng.autobil.bin'] },
  fr: { morph: 'apertium-fr-es/fr-es.automorf.bin', bilingual: ['apertium-fr-es/fr-es.autobil.bin', 'apertium-eng-spa/spa-eng.autobil.bin'] },
  pt: { morph: 'apertium-es-pt/pt-es.automorf.bin', bilingual: ['apertium-es-pt/pt-es.autobil.bin', 'apertium-eng-spa/spa-eng.autobil.bin'] },
  it: { morph: 'apertium-cat-ita/ita-cat.automorf.bin', bilingual: ['apertium-cat-ita/ita-cat.autobil.bin', 'apertium-eng-cat/cat-eng.autobil.bin'] },
};
/** English words kept per question word: a lemma's several analyses give a few each. */
const PER_WORD = 6;
/** Words remembered per language; a question's words beyond it are looked up again. */
const REMEMBERED = 20_000;
/** A lookup that takes longer than this is given up (the search goes on with FreeDict alone). */
const TIMEOUT_MS = 2_000;
/**
 * The first lookups of a new process also wait for it to start and read its lexicon (a one-time
 * cost, paid at server start by warm.ts): on a busy machine that alone passed 2 s, and the same
 * question got another outcome than on a quiet one.
 */
const START_TIMEOUT_MS = 20_000;

/** One long-lived lt-proc: requests are queued and answered in order, each ended by a NUL. */
class LtProc {
  private child: ChildProcessWithoutNullStreams | null = null;
  private buffer = '';
  private readonly waiting: ((answer: string | null) => void)[] = [];
  private failures = 0;
  /** Whether the running process has answered once: it is started and its lexicon read. */
  private ready = false;

  /** After a few failed starts or hung lookups it is given up for this process's lifetime. */
  get broken(): boolean {
    return this.failures >= 3;
  }

  constructor(private readonly args: string[]) {}

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn('lt-proc', this.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.ready = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (data: string) => {
      if (this.child !== child) return;
      this.buffer += data;
      let end: number;
      while ((end = this.buffer.indexOf('\0')) >= 0) {
        const answer = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 1);
        this.ready = true;
        this.waiting.shift()?.(answer);
      }
    });
    const fail = () => {
      if (this.child !== child) return;
      this.failures += 1;
      this.child = null;
      this.buffer = '';
      for (const w of this.waiting.splice(0)) w(null);
    };
    child.on('error', fail);
    child.on('exit', fail);
    child.stdin.on('error', fail);
    // It must not keep a finished process (a test, a CLI command) alive.
    child.unref();
    for (const s of [child.stdin, child.stdout, child.stderr] as unknown as { unref?: () => void }[]) s.unref?.();
    return child;
  }

  ask(text: string): Promise<string | null> {
    if (this.broken) return Promise.resolve(null);
    this.child ??= this.start();
    const child = this.child;
    return new Promise((resolve) => {
      // Answers come in order: a late one would be read as the next request's, so a hung process
      // is ended (its exit answers every waiting lookup with null) and the next lookup starts afresh.
      const timer = setTimeout(() => child.kill(), this.ready ? TIMEOUT_MS : START_TIMEOUT_MS);
      this.waiting.push((answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      // The blank before the NUL matters: in bilingual mode lt-proc waits for it before a flush.
      child.stdin.write(`${text}\n\0`);
    });
  }

  stop(): void {
    const child = this.child;
    this.child = null;
    child?.kill();
    for (const w of this.waiting.splice(0)) w(null);
  }
}

const procs = new Map<string, LtProc>();
const remembered = new Map<Language, Map<string, string[]>>();

function proc(file: string, bilingual: boolean): LtProc {
  const key = `${bilingual ? 'b' : 'a'}:${file}`;
  let p = procs.get(key);
  if (!p) procs.set(key, (p = new LtProc(bilingual ? ['-z', '-b', join(root, file)] : ['-z', join(root, file)])));
  return p;
}

/** Whether a lexicon file is there: looked up once per file, not on every question. */
const present = new Map<string, boolean>();
function installed(file: string): boolean {
  let yes = present.get(file);
  if (yes === undefined) present.set(file, (yes = existsSync(join(root, file))));
  return yes;
}

/** Whether this machine has the lexicons for `lang` (and lt-proc has not failed on them). */
export function hasApertium(lang: Language): boolean {
  const chain = CHAINS[lang];
  return Boolean(chain) && [chain!.morph, ...chain!.bilingual].every((f) => installed(f) && !procs.get(`a:${f}`)?.broken && !procs.get(`b:${f}`)?.broken);
}

/** `^surface/analysis1/analysis2$ …` → one list of analyses (`lemma<tags>`) per unit, in order. */
export function units(stream: string): string[][] {
  const out: string[][] = [];
  for (const m of stream.matchAll(/\^((?:\\.|[^$\\])*)\$/g)) out.push(m[1].split('/').slice(1));
  return out;
}

/** The words of an analysis's lemma, without tags; an unknown (`*word`, `@word`) gives none. */
export function lemmaWords(analysis: string): string[] {
  if (/^[*@#]/.test(analysis)) return [];
  return analysis
    .replace(/<[^>]*>/g, ' ')
    .replace(/#/g, ' ')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => /^\p{L}{2,}$/u.test(w));
}

/** English lemmas for each word (same order), through the language's chain; null where unknown. */
async function lookUp(words: string[], lang: Language): Promise<(string[] | null)[]> {
  const chain = CHAINS[lang]!;
  // lt-proc reads `^` `$` `/` `<` `>` `@` `\` `[` `]` as stream markup: only letters go in (prepareApertium).
  // Words side by side can form one of the analyser's multi-word units ("chaque fois" is one
  // conjunction), and one unit for two words would misalign every word after it: a full stop
  // between the words keeps each its own unit (every analyser reads "." as a sentence end).
  const analysed = await proc(chain.morph, false).ask(words.join(' . '));
  if (analysed === null) return words.map(() => null);
  const all = units(analysed);
  if (all.length !== 2 * words.length - 1) return words.map(() => null);
  const perWord = all.filter((_, i) => i % 2 === 0);
  // Each analysis travels the bilingual lexicons as its own unit; `current[i]` holds word i's.
  let current = perWord.map((analyses) => analyses.filter((a) => !a.startsWith('*')));
  for (const file of chain.bilingual) {
    const flat = current.flat();
    if (flat.length === 0) break;
    const answer = await proc(file, true).ask(flat.map((a) => `^${a}$`).join(' '));
    if (answer === null) return words.map(() => null);
    const translated = units(answer);
    if (translated.length !== flat.length) return words.map(() => null);
    let k = 0;
    current = current.map((analyses) => analyses.flatMap(() => translated[k++]!.filter((t) => !/^[*@#]/.test(t))));
  }
  return current.map((analyses) => {
    const english: string[] = [];
    for (const a of analyses) for (const w of lemmaWords(a)) if (english.length < PER_WORD && !english.includes(w)) english.push(w);
    return english;
  });
}

/**
 * Looks up (once) each of `words` of `lang`, so `apertiumTranslations` answers for them
 * synchronously during the search. Resolves when done; never rejects.
 */
export async function prepareApertium(words: readonly string[], lang: Language): Promise<void> {
  if (!hasApertium(lang)) return;
  let memory = remembered.get(lang);
  if (!memory) remembered.set(lang, (memory = new Map()));
  const wanted = [...new Set(words.map((w) => w.toLowerCase()).filter((w) => /^\p{L}{2,}$/u.test(w) && !memory!.has(w)))];
  if (wanted.length === 0) return;
  const found = await lookUp(wanted, lang).catch(() => wanted.map(() => null));
  wanted.forEach((w, i) => {
    if (found[i] === null) return;
    if (memory!.size >= REMEMBERED) memory!.delete(memory!.keys().next().value!);
    memory!.set(w, found[i]!);
  });
}

/** English words for a looked-up word (see prepareApertium); [] when unknown or not looked up. */
export function apertiumTranslations(word: string, lang: Language): string[] {
  return remembered.get(lang)?.get(word.toLowerCase()) ?? [];
}

/** Points the lookups at another folder (tests: a folder without the lexicons). */
export function setApertiumDir(dir: string): void {
  stopApertium();
  root = dir;
}

/** Ends the lt-proc processes (tests; the server's own are unref'd and end with it). */
export function stopApertium(): void {
  for (const p of procs.values()) p.stop();
  procs.clear();
  remembered.clear();
  present.clear();
}
