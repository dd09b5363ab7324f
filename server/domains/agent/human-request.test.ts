// Plain-words requests for a person: the eight languages, their common typos, and
// the look-alikes that are no request.
import { describe, expect, it } from 'vitest';
import { asksForHuman } from './human-request.js';

const REQUESTS: Record<string, string[]> = {
  en: [
    'I would like to talk to a human, please.',
    'Can I speak to a person?',
    'talk to an agent',
    'I want a representative',
    'Connect me with a live agent',
    'human please',
    'Operator!',
    'Is there a real person I can chat with?',
    'get me a human',
    'can i talk to someone from support',
  ],
  de: [
    'Ich möchte mit einem Menschen sprechen.',
    'Kann ich bitte mit einem Mitarbeiter reden?',
    'Mitarbeiter bitte',
    'Verbinden Sie mich mit einem Berater',
    'Ich will mit jemandem sprechen',
    'Kann ich mit einer echten Person chatten?',
  ],
  es: [
    'Quiero hablar con una persona',
    'Me gustaría hablar con un agente, por favor',
    'Necesito un humano',
    'Pásame con un asesor',
    '¿Puedo hablar con alguien del equipo?',
  ],
  fr: [
    'Je voudrais parler à un humain',
    'Puis-je parler avec un conseiller ?',
    'Je veux parler à quelqu’un',
    'Mettez-moi en relation avec un agent, s’il vous plaît',
    'Une vraie personne svp, je veux lui parler',
  ],
  it: [
    'Vorrei parlare con un operatore',
    'Posso parlare con una persona?',
    'Voglio un umano',
    'Per favore, un operatore',
    'Posso parlare con qualcuno?',
  ],
  pt: [
    'Quero falar com um atendente',
    'Gostaria de falar com uma pessoa',
    'Preciso falar com um humano',
    'Posso falar com alguém da equipe?',
  ],
  nl: [
    'Ik wil met een medewerker praten',
    'Kan ik iemand spreken?',
    'Ik wil graag een mens spreken',
    'Mag ik met een persoon chatten?',
  ],
  ar: [
    'أريد التحدث مع موظف',
    'هل يمكنني التحدث إلى إنسان؟',
    'ممكن أكلم شخص حقيقي',
    'حولني إلى خدمة العملاء من فضلك',
    'أريد التواصل مع أحد',
  ],
};

const TYPOS = [
  'I would like to tlak to a humna please',
  'can i speek to a represenative',
  'talk to an agnet',
  'Ich möchte mit einem Mitarbieter sprechn',
  'quiero hablr con un humano',
  'je voudrai parle a un conseillé',
  'vorrei parlre con un operatre',
  'quero fala com um atendende',
  'ik wil met een medewerkr praaten',
  'human pls',
];

const NOT_REQUESTS = [
  'What does it cost?',
  'How do AI agents work in your product?',
  'What is the user agent header?',
  'Are you human?',
  'I want to talk about pricing',
  'Can we talk about the agent SDK?',
  'What does the representative field mean in the API?',
  'How many people use Parley?',
  'Is the person field required?',
  'Wie funktioniert der Export?',
  '¿Cuánto cuesta el plan anual?',
  'Personne ne répond au téléphone de la boutique ?',
  'Quanto costa?',
  'Hoeveel kost het?',
  'كم السعر؟',
  'Parlez-moi de la facturation',
];

describe('asksForHuman', () => {
  for (const [language, lines] of Object.entries(REQUESTS)) {
    it(`finds requests for a person in ${language}`, () => {
      for (const line of lines) expect(asksForHuman(line), line).toBe(true);
    });
  }

  it('finds them with common typos', () => {
    for (const line of TYPOS) expect(asksForHuman(line), line).toBe(true);
  });

  it('leaves questions, topics and the bot itself alone', () => {
    for (const line of NOT_REQUESTS) expect(asksForHuman(line), line).toBe(false);
  });
});
