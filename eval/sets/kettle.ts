// A five-page shop site (eval/sites/kettle/, written for the eval): a small site
// where "How long is the warranty?" met a page saying "two-year warranty" and still got
// suggestions. A site owner's knowledge base is often this small, where a large manual's habits
// (many near pages, long sections) do not hold. Written, with the pages, before any run on them; an
// extra line outside the headline, split like the Debian sets.
import { fileURLToPath } from 'node:url';
import { numbered, type DocSet } from './types.js';

export const KETTLE: DocSet = {
  name: 'kettle',
  root: fileURLToPath(new URL('../sites/kettle/', import.meta.url)),
  include: (path) => path.endsWith('.html'),
  questions: numbered('kt', [
    // --- answerable, English (the two first) ---
    ['tune', 'en', 'How long is the warranty?', ['warranty.html']],
    ['tune', 'en', 'How do I descale the kettle?', ['care.html']],
    ['held-out', 'en', 'do you ship to switzerland?', ['delivery.html']],
    ['held-out', 'en', 'can i send it back if i already used it', ['returns.html']],
    ['tune', 'en', 'how much is delivery', ['delivery.html']],
    ['held-out', 'en', 'what temperature should I use for green tea?', ['index.html']],
    ['tune', 'en', 'my kettle broke after a year, what do I do?', ['warranty.html']],
    ['held-out', 'en', 'how do I clean the little filter in the spout', ['care.html']],
    ['tune', 'en', 'when do I get my money back after returning it?', ['returns.html']],
    ['held-out', 'en', 'it switched off and wont turn on again', ['index.html']],
    // --- answerable, other languages ---
    ['tune', 'de', 'Wie lange gilt die Garantie?', ['warranty.html']],
    ['held-out', 'de', 'Wie entkalke ich den Wasserkocher?', ['care.html']],
    ['tune', 'fr', 'Combien coûte la livraison ?', ['delivery.html']],
    ['held-out', 'fr', 'Est-ce que je peux retourner la bouilloire ?', ['returns.html']],
    ['tune', 'es', '¿Cuánto dura la garantía?', ['warranty.html']],
    ['held-out', 'it', 'Quanto costa la consegna?', ['delivery.html']],
    // --- on topic, not answered by the pages ---
    ['tune', 'en', 'Do you sell replacement lids?', []],
    ['held-out', 'en', 'Is the kettle safe to use on a boat with a 12 volt socket?', []],
    ['tune', 'en', 'Can I pay with PayPal?', []],
    ['held-out', 'en', 'do you have a shop in Berlin I can visit', []],
    ['held-out', 'de', 'Kann ich mit Kreditkarte bezahlen?', []],
    ['tune', 'fr', 'Avez-vous une application pour téléphone ?', []],
  ]),
};
