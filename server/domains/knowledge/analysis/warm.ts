// Readies every installed dictionary and Apertium lexicon at start, so no visitor's question waits
// for one (the first German question after a fresh start took 21 s while its dictionary
// was parsed). main.ts runs it beside the demo seed and before it reports ready. A dictionary's
// first parse on a machine is cached (dictionary.ts), so later starts only read the cache.
import { hasApertium, prepareApertium } from './apertium.js';
import { loadDictionary } from './dictionary.js';
import type { Language } from './language.js';

const FOREIGN: Language[] = ['de', 'es', 'fr', 'it', 'pt', 'nl'];
/** A word each lexicon knows: looking it up starts the lt-proc processes of the language's chain. */
const PROBE: Partial<Record<Language, string>> = { es: 'fila', fr: 'fichier', it: 'riga', pt: 'pasta' };

/** Loads each language in turn (one parse at a time keeps the event loop free for requests). */
export async function warmLanguages(): Promise<void> {
  for (const lang of FOREIGN) {
    await loadDictionary(lang);
    const probe = PROBE[lang];
    if (probe && hasApertium(lang)) await prepareApertium([probe], lang);
  }
}
