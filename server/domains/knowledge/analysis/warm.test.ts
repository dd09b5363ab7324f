// Start-up readies the dictionaries (analysis/warm.ts; main.ts awaits it before reporting ready),
// so the first question in a language finds its dictionary loaded instead of waiting for a parse.
// The speed itself is measured by `npm run bench:first-question`, not here.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dictionary, setDictionaryDir } from './dictionary.js';
import { setApertiumDir, stopApertium } from './apertium.js';
import { warmLanguages } from './warm.js';

let dir = '';
afterAll(async () => {
  setDictionaryDir('/usr/share/dictd');
  stopApertium();
  await rm(dir, { recursive: true, force: true });
});

describe('language warm-up at start', () => {
  it('loads every installed dictionary before the first question', async () => {
    dir = await mkdtemp(join(tmpdir(), 'parley-warm-'));
    const entry = 'Passwort /ipa/ <n>\npassword\n\n';
    await writeFile(join(dir, 'freedict-deu-eng.dict.dz'), gzipSync(entry));
    await writeFile(join(dir, 'freedict-deu-eng.index'), `Passwort\tA\t${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef'[entry.length]}\n`);
    setDictionaryDir(dir);
    setApertiumDir(join(dir, 'no-apertium'));
    expect(dictionary('de')).toBeNull();
    await warmLanguages();
    expect(dictionary('de')?.get('passwort')).toEqual(['password']);
    // A language without its package stays without, and the warm-up does not fail over it.
    expect(dictionary('nl')).toBeNull();
  });
});
