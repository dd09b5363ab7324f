// Apertium's lexicons (Debian's apertium-eng-spa, -fr-es, -es-pt, -cat-ita and -eng-cat, read by
// lt-proc; installed by scripts/system-deps.sh) translate a Spanish, French, Portuguese or Italian
// question's words where FreeDict's small dictionaries have nothing or a false friend: "filas" →
// row, "rama" → branch; French and Portuguese through Spanish ("fichiers" → fichero → file, "pasta"
// → carpeta → folder), Italian through Catalan ("righe" → files → row). Real lt-proc processes over
// the installed packages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apertiumTranslations, hasApertium, lemmaWords, prepareApertium, setApertiumDir, stopApertium, units } from './apertium.js';
import { translate } from './dictionary.js';
import { HybridIndex, type IndexedChunk } from '../hybrid-index.js';

afterAll(() => stopApertium());

const chunk = (id: string, title: string, text: string): IndexedChunk => ({
  id: `${id}:0`, source_id: id, title, url: `https://docs.example/${id}`, question: null, headings: [], text, vector: new Float32Array(0),
});

describe('Apertium word translations', () => {
  it('has the lexicons of this machine (scripts/system-deps.sh installs them)', () => {
    expect(hasApertium('es')).toBe(true);
    expect(hasApertium('fr')).toBe(true);
    expect(hasApertium('it')).toBe(true);
    expect(hasApertium('pt')).toBe(true);
    expect(hasApertium('de')).toBe(false);
    expect(hasApertium('nl')).toBe(false);
  });

  it('translates inflected Spanish words through their lemma, and French through Spanish', async () => {
    await prepareApertium(['filas', 'rama', 'borro', 'tablas'], 'es');
    expect(apertiumTranslations('filas', 'es')).toContain('row');
    expect(apertiumTranslations('rama', 'es')).toContain('branch');
    expect(apertiumTranslations('borro', 'es')).toContain('erase');
    expect(apertiumTranslations('Tablas', 'es')).toContain('table');
    await prepareApertium(['fichiers', 'annuler', 'dernier'], 'fr');
    expect(apertiumTranslations('fichiers', 'fr')).toContain('file');
    expect(apertiumTranslations('annuler', 'fr')).toContain('cancel');
    expect(apertiumTranslations('dernier', 'fr')).toContain('last');
    await prepareApertium(['righe', 'elimino'], 'it');
    expect(apertiumTranslations('righe', 'it')).toContain('row');
    expect(apertiumTranslations('elimino', 'it')).toContain('delete');
    await prepareApertium(['senhas', 'apago', 'pasta'], 'pt');
    expect(apertiumTranslations('senhas', 'pt')).toContain('password');
    expect(apertiumTranslations('apago', 'pt')).toContain('erase');
    expect(apertiumTranslations('pasta', 'pt')).toContain('folder');
    // Not looked up, or not a word Apertium knows: nothing.
    expect(apertiumTranslations('mesa', 'es')).toEqual([]);
    await prepareApertium(['xqzvw'], 'es');
    expect(apertiumTranslations('xqzvw', 'es')).toEqual([]);
  });

  it('translates every word of a question that holds a multi-word phrase ("chaque fois" is one unit to the analyser)', async () => {
    // Looked up together, the phrase once came back as one unit for two words, and every word of
    // the question lost its translations.
    await prepareApertium(['chaque', 'fois', 'mot', 'passe', 'oublie'], 'fr');
    expect(apertiumTranslations('mot', 'fr')).toContain('word');
    expect(apertiumTranslations('oublie', 'fr')).toContain('forget');
    expect(apertiumTranslations('fois', 'fr')).toContain('time');
    await prepareApertium(['a', 'fin', 'de', 'borrar', 'filas'], 'es');
    expect(apertiumTranslations('filas', 'es')).toContain('row');
  });

  it('puts its translations first in what the dictionary lookup answers', async () => {
    await prepareApertium(['filas'], 'es');
    expect(translate('filas', 'es')[0]).toBe('row');
  });

  it('reads lt-proc streams: analyses per unit, lemma words without tags, unknowns dropped', () => {
    expect(units('^borro/borrar<vblex><pri>$ ^x/*x$')).toEqual([['borrar<vblex><pri>'], ['*x']]);
    expect(lemmaWords('row<n><pl>')).toEqual(['row']);
    expect(lemmaWords('look# up<vblex>')).toEqual(['look', 'up']);
    expect(lemmaWords('@fila<n>')).toEqual([]);
  });

  it('finds the English section for a Spanish question whose words FreeDict lacks', async () => {
    const index = new HybridIndex(0);
    index.setSource('truncate', [chunk('truncate', 'TRUNCATE', 'TRUNCATE quickly removes all rows from a set of tables.')]);
    index.setSource('branch', [chunk('branch', 'Branches', 'A branch is a line of development; create one with git branch.')]);
    index.setSource('vacuum', [chunk('vacuum', 'VACUUM', 'VACUUM reclaims storage occupied by dead tuples in a table.')]);
    const question = '¿Cómo quito todas las filas?';
    await prepareApertium(['quito', 'todas', 'filas'], 'es');
    const [best] = index.search(question, null, { limit: 3 });
    expect(best?.source_id).toBe('truncate');
    // "todas" is a function word Apertium knows (all): no concept, so no false friend ("today").
    expect(best?.relevance?.concepts?.map((c) => c.word)).not.toContain('todas');
  });

  it('answers nothing, without failing, where the lexicons are missing', async () => {
    setApertiumDir('/nonexistent');
    try {
      expect(hasApertium('es')).toBe(false);
      await prepareApertium(['ventanas'], 'es');
      expect(apertiumTranslations('ventanas', 'es')).toEqual([]);
    } finally {
      setApertiumDir('/usr/share/apertium');
    }
  });

  it('waits for a process that is slow to start, as on a busy machine, instead of answering without it', async () => {
    // A stand-in that takes 3 s before it becomes the real lt-proc (a busy machine's start and
    // lexicon read): the first lookup waits for it, so a question's outcome does not depend on load.
    const dir = mkdtempSync(join(tmpdir(), 'parley-slow-lt-proc-'));
    writeFileSync(join(dir, 'lt-proc'), `#!/bin/sh\nsleep 3\nexec /usr/bin/lt-proc "$@"\n`, { mode: 0o755 });
    const path = process.env.PATH;
    stopApertium();
    process.env.PATH = `${dir}:${path}`;
    try {
      await prepareApertium(['ventanas'], 'es');
      expect(apertiumTranslations('ventanas', 'es')).toContain('window');
    } finally {
      process.env.PATH = path;
      stopApertium();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
