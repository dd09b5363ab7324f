// Per-language analysis and the retrieval it enables: language detection, Snowball stems and stop
// words per language, typo tolerance, and a German/Spanish question finding an English section
// through a FreeDict-format dictionary (a small one written here, in dictd's own format).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { detectLanguage } from './language.js';
import { analyze } from './analyzer.js';
import { loadDictionary, setDictionaryDir, translate } from './dictionary.js';
import { HybridIndex, type IndexedChunk } from '../hybrid-index.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const b64 = (n: number) => {
  let s = '';
  do {
    s = B64[n % 64] + s;
    n = Math.floor(n / 64);
  } while (n > 0);
  return s;
};

/** A dictd pair (.index + .dict.dz) as FreeDict ships it: headword line, translations, notes. */
async function writeDictionary(dir: string, name: string, entries: [string, string][]): Promise<void> {
  let body = '';
  const index: string[] = [];
  for (const [head, english] of entries) {
    const entry = `${head} /ipa/ <n>\n${english}\n   Note: an indented note is not a translation\n\n`;
    index.push(`${head}\t${b64(Buffer.byteLength(body))}\t${b64(Buffer.byteLength(entry))}`);
    body += entry;
  }
  await writeFile(join(dir, `${name}.dict.dz`), gzipSync(body));
  await writeFile(join(dir, `${name}.index`), `${index.join('\n')}\n`);
}

const chunk = (id: string, title: string, headings: string[], text: string): IndexedChunk => ({
  id: `${id}:0`, source_id: id, title, url: `https://docs.example/${id}`, question: null, headings, text, vector: new Float32Array(0),
});

function docsIndex(): HybridIndex {
  const index = new HybridIndex(0);
  index.setSource('redact', [chunk('redact', 'Logging', ['Redaction'], 'Hide passwords and other secrets in the logs with the redact option: list the paths to censor.')]);
  index.setSource('install', [chunk('install', 'Getting started', ['Installation'], 'Install the widget with one script tag on every page of your site.')]);
  index.setSource('mail', [chunk('mail', 'Email', ['Receiving mail'], 'To receive emails, point your MX record at the server and open port 25.')]);
  index.setSource('backup', [chunk('backup', 'Operations', ['Backups'], 'Back up the data folder every night; restoring means copying it back.')]);
  return index;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-dict-'));
  await writeDictionary(dir, 'freedict-deu-eng', [
    ['verbergen', 'to hide, to conceal'],
    ['Passwort', 'password'],
    ['Protokoll', 'log, record'],
    ['Sicherung', 'backup'],
    ['Datenbank', 'database'],
  ]);
  // English-to-X dictionaries are read backwards: "Benutzer" and "fichier" are only found there.
  await writeDictionary(dir, 'freedict-eng-deu', [['user', 'Benutzer <masc>, Anwender <masc>']]);
  await writeDictionary(dir, 'freedict-fra-eng', [['annuler', 'to abolish, to abrogate, to abjure, to annul']]);
  await writeDictionary(dir, 'freedict-eng-fra', [
    ['file', '1. dossier\n2. fichier\n3. collection à consulter'],
    ['cancel', 'annuler, supprimer'],
    ['abolish', 'abolir, supprimer, annuler'],
  ]);
  await writeDictionary(dir, 'freedict-spa-eng', [['ocultar', 'to hide'], ['registro', 'log, register'], ['borrar', 'to erase, to rub out']]);
  await writeDictionary(dir, 'freedict-nld-eng', [['wachtwoord', 'password'], ['verwijderen', 'to remove, to delete']]);
  await writeDictionary(dir, 'freedict-por-eng', [['arquivo', 'file, archive']]);
  setDictionaryDir(dir);
});
afterAll(async () => {
  setDictionaryDir('/usr/share/dictd');
  await rm(dir, { recursive: true, force: true });
});

describe('language analysis', () => {
  it('detects the language of questions and passages', () => {
    expect(detectLanguage('Wie kann ich das Widget auf meiner Webseite installieren?')).toBe('de');
    expect(detectLanguage('¿Cómo puedo ocultar las contraseñas en los registros?')).toBe('es');
    expect(detectLanguage('Comment puis-je installer le widget sur mon site ?')).toBe('fr');
    expect(detectLanguage('Come posso installare il widget sul mio sito?')).toBe('it');
    expect(detectLanguage('Hoe kan ik de widget op mijn website installeren?')).toBe('nl');
    // A marker repeated is one vote: French "de" three times is not Dutch.
    expect(detectLanguage('Quelle est la date de fin de support de PostgreSQL 15 ?')).toBe('fr');
    expect(detectLanguage('Como posso instalar o widget no meu site?')).toBe('pt');
    expect(detectLanguage('How do I install the widget on my site?')).toBe('en');
    expect(detectLanguage('redact')).toBe('en');
  });

  it('tells apart the languages of short questions that share their few function words', () => {
    // "il" is French and Italian; "quanto" Italian and Portuguese: the verb decides.
    expect(detectLanguage('Il widget usa cookie?')).toBe('it');
    expect(detectLanguage('Il widget marche sur mobile ?')).toBe('fr');
    expect(detectLanguage('Quanto costa?')).toBe('it');
    expect(detectLanguage('Quanto custa?')).toBe('pt');
    expect(detectLanguage('Cuánto cuesta?')).toBe('es');
    expect(detectLanguage('Combien ça coûte ?')).toBe('fr');
    expect(detectLanguage('El widget usa cookies?')).toBe('es');
    expect(detectLanguage('Do you ship to the USA?')).toBe('en');
    // The question's subject stays a content word; only function words are stop words.
    expect(analyze('Was kostet das Widget?', 'de')).toEqual(['kostet', 'widget']);
  });

  it('drops each language’s stop words and stems with its Snowball stemmer, folding diacritics', () => {
    expect(analyze('How do I install the widgets?', 'en')).toEqual(['instal', 'widget']);
    expect(analyze('Wie kann ich die Passwörter verbergen?', 'de')).toEqual(['passwort', 'verberg']);
    expect(analyze('¿Cómo puedo ocultar las contraseñas?', 'es')).toEqual(['ocult', 'contrasen']);
    expect(analyze('Comment installer les modules ?', 'fr')).toEqual(['install', 'modul']);
  });

  it('drops fillers and question words the stop lists lack, in English and the other languages', () => {
    // "so", "its", "does" once counted as concepts a section had to cover.
    expect(analyze('so, does its backup take only a night?', 'en')).toEqual(['backup', 'night']);
    expect(analyze('Chaque fois que je change le mot de passe', 'fr')).toEqual(['chang', 'mot', 'pass']);
    expect(analyze('Cada vez que cambio la contraseña', 'es')).toEqual(['cambi', 'contrasen']);
    expect(analyze('Ogni volta che cambio la password', 'it')).toEqual(['camb', 'password']);
    expect(analyze('Wie kann ich eigentlich das Passwort speichern?', 'de')).toEqual(['passwort', 'speich']);
  });
});

describe('retrieval across wording, typos and languages', () => {
  it('finds the section despite typos in rare words', () => {
    const [top] = docsIndex().search('how can I recieve emails', null);
    expect(top.source_id).toBe('mail');
    // Every concept is covered; the corrected one earns its correction's weight, not full credit.
    expect(top.relevance!.coverage).toBeGreaterThanOrEqual(0.8);
    expect(top.relevance!.coverage).toBeLessThan(1);
  });

  it('reads a German or Spanish question against English documentation through the dictionary', async () => {
    await loadDictionary('de');
    await loadDictionary('es');
    expect(translate('Passwörter', 'de')).toContain('password');
    const index = docsIndex();
    const [de] = index.search('Wie kann ich Passwörter in den Protokollen verbergen?', null);
    expect(de.source_id).toBe('redact');
    expect(de.relevance!.query_language).toBe('de');
    expect(de.relevance!.coverage).toBeCloseTo(0.8, 5);
    const [es] = index.search('¿Cómo oculto las contraseñas en los registros?', null);
    expect(es.source_id).toBe('redact');
    // A word the English documents use as is needs no dictionary (cognates and loanwords).
    const [widget] = index.search('Wie installiere ich das Widget?', null);
    expect(widget.source_id).toBe('install');
  });

  it('gives a foreign word the dictionary knows no spelling neighbour: a false friend is not its meaning', async () => {
    await loadDictionary('es');
    const index = docsIndex();
    index.setSource('pool', [chunk('pool', 'Connections', ['Pool'], 'Borrow a connection from the pool and give it back when done.')]);
    // "borro" (I delete) is erase in the dictionary, a word these documents never use; one edit
    // away sits "borrow", which would pull the connection pool up for a question about deleting.
    expect(translate('borro', 'es')).toContain('erase');
    const passages = index.search('¿Cómo borro los registros antiguos?', null);
    const borro = passages[0]!.relevance!.concepts!.find((c) => c.word === 'borro');
    expect(borro!.terms).not.toContain('borrow');
    expect(passages.map((p) => p.source_id)).not.toContain('pool');
  });

  it('reads English-to-X dictionaries backwards, first senses first, and finds inflected forms', async () => {
    await loadDictionary('fr');
    // Backwards, "cancel" lists annuler first and "abolish" third: cancel comes before abolish's
    // reading, and beside the forward senses instead of after all of them.
    expect(translate('annuler', 'fr').slice(0, 2)).toEqual(['abolish', 'cancel']);
    // One ending is not always enough: "fichiers" → fichier, filed as fichi.
    expect(translate('fichiers', 'fr')).toEqual(['file']);
    // Phrases are not read backwards.
    expect(translate('collection', 'fr')).toEqual([]);
  });

  it('finds the headword of an inflected Dutch or Portuguese word', async () => {
    await loadDictionary('nl');
    await loadDictionary('pt');
    expect(translate('wachtwoorden', 'nl')).toContain('password');
    expect(translate('verwijder', 'nl')).toContain('remove');
    expect(translate('arquivos', 'pt')).toContain('file');
  });

  it('splits a German compound the dictionary has only in parts', async () => {
    await loadDictionary('de');
    const index = docsIndex();
    index.setSource('users', [chunk('users', 'Security', ['Database users'], 'Change the password of a database user with ALTER USER.')]);
    const [top] = index.search('Wie ändere ich das Passwort eines Datenbankbenutzers?', null);
    expect(top.source_id).toBe('users');
    expect(top.relevance!.coverage).toBeGreaterThan(0.7);
  });

  it('stays monolingual, without failing, when a dictionary is missing', async () => {
    expect(await loadDictionary('it')).toBeNull();
    const [top] = docsIndex().search('Come installare il widget?', null);
    expect(top.source_id).toBe('install');
  });
});
