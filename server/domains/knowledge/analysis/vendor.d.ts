// Type declarations for the analysis libraries that ship none.
declare module 'snowball-stemmers' {
  const snowball: { newStemmer(language: string): { stem(word: string): string }; algorithms(): string[] };
  export default snowball;
}
declare module 'stopword' {
  export const eng: string[];
  export const deu: string[];
  export const spa: string[];
  export const fra: string[];
  export const ita: string[];
  export const por: string[];
  export const nld: string[];
}
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
}
// The package's own declaration names the module 'domino', not its published name.
declare module '@mixmark-io/domino' {
  export function createDocument(html?: string, force?: boolean): Document;
}
