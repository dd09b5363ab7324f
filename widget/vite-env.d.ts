// Vite's `?inline` CSS imports give the stylesheet text (used for constructable stylesheets).
declare module '*.css?inline' {
  const css: string;
  export default css;
}
/** The app chunk's file name, injected into the loader at build time (vite.config.ts). */
declare const __PARLEY_APP__: string;
