// The answerer's own development questions, over the demo knowledge base (Parley's own README and
// docs, which no eval set uses): paraphrases, typos, German/Spanish/French questions and questions
// the docs do not answer. For development only; the honest figures come from `npm run eval`.
export interface DevQuestion {
  q: string;
  lang: 'en' | 'de' | 'es' | 'fr';
  /** Paths (as they end the source URL, without #anchor) of pages that answer it; [] = unanswerable. */
  pages: string[];
}

export const DEV_QUESTIONS: DevQuestion[] = [
  { q: 'where does parley keep its data on disk?', lang: 'en', pages: ['README.md', 'docs/architecture.md'] },
  { q: 'how can I make a backup of everything?', lang: 'en', pages: ['README.md'] },
  { q: 'which CSP header do I need for the iframe?', lang: 'en', pages: ['csp.md'] },
  { q: 'how do i sign the visitor email on my backend so they are verified', lang: 'en', pages: ['docs/identity.md', 'README.md'] },
  { q: 'what happens when I hit the rate limit?', lang: 'en', pages: ['docs/api.md'] },
  { q: 'can visitors talk to the widget with their voice?', lang: 'en', pages: ['docs/widget-voice-languages-a11y.md'] },
  { q: 'is the chat accesible for screen readers?', lang: 'en', pages: ['docs/widget-voice-languages-a11y.md'] },
  { q: 'how do I change the port the server listens on', lang: 'en', pages: ['README.md'] },
  { q: 'does the widget work in a single page app with client side routing?', lang: 'en', pages: ['docs/widget-voice-languages-a11y.md'] },
  { q: 'how do I create an api key?', lang: 'en', pages: ['docs/api.md', 'README.md'] },
  { q: 'what does the admin command line tool do?', lang: 'en', pages: ['README.md'] },
  { q: 'how are answers evaluated?', lang: 'en', pages: ['docs/eval.md', 'docs/architecture.md'] },
  { q: 'what languages does the widget speak?', lang: 'en', pages: ['docs/widget-voice-languages-a11y.md'] },
  { q: 'how do I crawl my website into the knowledge base?', lang: 'en', pages: ['docs/knowledge.md'] },
  { q: 'Wo speichert Parley die Daten?', lang: 'de', pages: ['README.md', 'docs/architecture.md'] },
  { q: 'Wie mache ich eine Sicherung meiner Daten?', lang: 'de', pages: ['README.md'] },
  { q: 'Welche Content-Security-Policy braucht der Iframe-Modus?', lang: 'de', pages: ['csp.md'] },
  { q: 'Wie erstelle ich einen API-Schlüssel?', lang: 'de', pages: ['docs/api.md', 'README.md'] },
  { q: '¿Dónde guarda Parley los datos?', lang: 'es', pages: ['README.md', 'docs/architecture.md'] },
  { q: '¿Cómo funciona la entrada de voz del widget?', lang: 'es', pages: ['docs/widget-voice-languages-a11y.md'] },
  { q: 'Comment importer un wiki dans la base de connaissances ?', lang: 'fr', pages: ['docs/knowledge.md'] },
  { q: 'Quelle politique de sécurité du contenu pour le mode iframe ?', lang: 'fr', pages: ['csp.md'] },
  { q: 'how much does the hosted cloud version cost per month?', lang: 'en', pages: [] },
  { q: 'can I connect parley to my whatsapp business account?', lang: 'en', pages: [] },
  { q: 'does parley support single sign-on with okta?', lang: 'en', pages: [] },
  { q: 'Kann ich Parley mit Salesforce verbinden?', lang: 'de', pages: [] },
  { q: '¿Ofrecen soporte telefónico los fines de semana?', lang: 'es', pages: [] },
  { q: 'what is the uptime SLA of your service?', lang: 'en', pages: [] },
];
