// Which English sense of a foreign word a search tries (analysis/query.ts): the one the knowledge
// base uses before the dictionary's first, and a cognate one letter apart that no dictionary lists.
// A small Italian dictionary of its own (analysis.test.ts keeps Italian missing on purpose).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadDictionary, setDictionaryDir, translate } from './dictionary.js';
import { HybridIndex, type IndexedChunk } from '../hybrid-index.js';

const b64 = (n: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let s = '';
  do {
    s = alphabet[n % 64] + s;
    n = Math.floor(n / 64);
  } while (n > 0);
  return s;
};

async function writeDictionary(dir: string, name: string, entries: [string, string][]): Promise<void> {
  let body = '';
  const index: string[] = [];
  for (const [head, english] of entries) {
    const entry = `${head} /ipa/ <n>\n${english}\n\n`;
    index.push(`${head}\t${b64(Buffer.byteLength(body))}\t${b64(Buffer.byteLength(entry))}`);
    body += entry;
  }
  await writeFile(join(dir, `${name}.dict.dz`), gzipSync(body));
  await writeFile(join(dir, `${name}.index`), `${index.join('\n')}\n`);
}

const chunk = (id: string, title: string, headings: string[], text: string): IndexedChunk => ({
  id: `${id}:0`, source_id: id, title, url: `https://docs.example/${id}`, question: null, headings, text, vector: new Float32Array(0),
});

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-senses-'));
  await writeDictionary(dir, 'freedict-ita-eng', [['coda', 'tail, queue'], ['dominio', 'command, mastery, dominion'], ['svuotare', 'to empty'], ['aggiungere', 'to add'], ['garanzia', 'guarantee, warrant'], ['base', 'base, basis'], ['dati', 'data'], ['creare', 'to create'], ['salvare', 'to save']]);
  setDictionaryDir(dir);
  await loadDictionary('it');
});
afterAll(async () => {
  setDictionaryDir('/usr/share/dictd');
  await rm(dir, { recursive: true, force: true });
});

describe('senses of a foreign word', () => {
  it('reads an unknown lower-case word of a foreign question as a wording matter, a capitalised one as a name', () => {
    const index = new HybridIndex(0);
    index.setSource('warranty', [chunk('warranty', 'Warranty', ['Warranty'], 'Every kettle comes with a two-year warranty from the date of purchase.')]);
    // "vale" (of valere) is in no dictionary here: an inflected form, not something the shop lacks.
    const concepts = index.search('Quanto vale la garanzia?', null)[0]!.relevance!.concepts!;
    expect(concepts.find((c) => c.word === 'vale')).toMatchObject({ known: false });
    expect(concepts.find((c) => c.word === 'vale')?.foreign).toBeUndefined();
    const named = index.search('Posso pagare la garanzia con Satispay?', null)[0]!.relevance!.concepts!;
    expect(named.find((c) => c.word === 'satispay')).toMatchObject({ known: false, foreign: true });
  });

  it('meets a sense the documents write in another form: "garanzia" is warrant, a shop writes warranty', () => {
    const index = new HybridIndex(0);
    index.setSource('warranty', [chunk('warranty', 'Warranty', ['Warranty'], 'Every kettle comes with a two-year warranty from the date of purchase.')]);
    index.setSource('care', [chunk('care', 'Care', ['Descaling'], 'Descale the kettle once a month with vinegar.')]);
    const [top] = index.search('Quanto dura la garanzia?', null);
    expect(top!.source_id).toBe('warranty');
  });

  it('tries first the sense the knowledge base uses: Italian "coda" is a mail queue here, not a tail', () => {
    expect(translate('coda', 'it')).toEqual(['tail', 'queue']);
    const index = new HybridIndex(0);
    index.setSource('queue', [chunk('queue', 'Mail queue', ['Flushing the queue'], 'Messages wait in the queue until delivery. Empty the queue with postqueue -f; list the queue with mailq.')]);
    index.setSource('held', [chunk('held', 'Held mail', ['Hold queue'], 'A message put on hold stays in the hold queue until released.')]);
    index.setSource('deferred', [chunk('deferred', 'Deferred mail', ['Deferred queue'], 'The deferred queue keeps messages that could not be delivered yet.')]);
    index.setSource('active', [chunk('active', 'Active mail', ['Active queue'], 'The active queue holds the messages being delivered now.')]);
    index.setSource('logs', [chunk('logs', 'Logs', ['Reading the log'], 'Follow the log with tail -f to watch deliveries as they happen.')]);
    const [top] = index.search('Come svuoto la coda?', null);
    const coda = top!.relevance!.concepts!.find((c) => c.word === 'coda')!;
    const weight = (t: string) => coda.weights![coda.terms.indexOf(t)]!;
    expect(weight('queue')).toBeGreaterThan(weight('tail'));
    expect(top!.source_id).toBe('queue');
  });

  it('keeps the dictionary order when the knowledge base uses both senses about as often', () => {
    const index = new HybridIndex(0);
    index.setSource('a', [chunk('a', 'Queue', [], 'The queue holds jobs.')]);
    index.setSource('b', [chunk('b', 'Tail', [], 'The tail of the log.')]);
    const coda = index.search('Come funziona la coda?', null)[0]!.relevance!.concepts!.find((c) => c.word === 'coda')!;
    expect(coda.weights![coda.terms.indexOf('tail')]!).toBeGreaterThan(coda.weights![coda.terms.indexOf('queue')]!);
  });

  it('finds a cognate one letter apart that no dictionary lists: Italian "dominio" is a domain', () => {
    const index = new HybridIndex(0);
    index.setSource('domains', [chunk('domains', 'Virtual domains', ['Adding a domain'], 'Add each domain you receive mail for to virtual_mailbox_domains.')]);
    index.setSource('cli', [chunk('cli', 'Commands', ['Command reference'], 'Every command prints its help with --help.')]);
    const [top] = index.search('Come aggiungo un dominio?', null);
    expect(top!.source_id).toBe('domains');
    // A short stem stays without: "coda" (cod) is no "code".
    index.setSource('code', [chunk('code', 'Code', [], 'The code of the project.')]);
    const concepts = index.search('Come funziona la coda?', null)[0]?.relevance?.concepts ?? [];
    expect(concepts.flatMap((c) => c.terms)).not.toContain('code');
  });

  it('reads two words English writes as one: "base di dati" is a database, not any base and any data', () => {
    const index = new HybridIndex(0);
    index.setSource('database', [chunk('database', 'Creating a database', ['CREATE DATABASE'], 'CREATE DATABASE makes a new database on the server.')]);
    index.setSource('types', [chunk('types', 'Data types', ['Base types'], 'Every column has a data type; base types are built in, and data of any type can be stored.')]);
    const [top] = index.search('Come creare una base di dati?', null);
    expect(top!.relevance!.concepts!.map((c) => c.word)).toContain('base dati');
    expect(top!.source_id).toBe('database');
    // Side by side without a linking word they stay two words ("salvare la base" is no "savebase").
    const words = index.search('Come salvare la base?', null)[0]!.relevance!.concepts!.map((c) => c.word);
    expect(words).toEqual(expect.arrayContaining(['salvare', 'base']));
  });
});
