// What a website-widget channel looks like before its owner sets anything: one
// place for the server (the widget config and the channel API), the widget's own stylesheet fallback
// (widget/styles/launcher.css repeats the colour, since CSS cannot import it) and the console's
// colour input, so the preview, the API and the live widget never disagree. A channel without a
// welcome message has none (the widget opens on the composer); its placeholder is the widget's
// catalogue text in the visitor's language.
export const DEFAULT_ACCENT = '#3758f9';
