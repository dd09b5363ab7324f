// Every visitor-facing string comes from the message catalogues in widget/i18n. `strings`
// is the active catalogue: English (bundled) until the app has resolved the visitor's locale and
// loaded its catalogue (a lazy chunk), then setCatalogue swaps the texts in place and the next
// render shows them. Components keep importing `strings` from here.
import { en, type Catalogue } from '../i18n/en.js';

export const strings: Catalogue = { ...en };

export type Strings = Catalogue;

export function setCatalogue(catalogue: Catalogue): void {
  Object.assign(strings, catalogue);
}
