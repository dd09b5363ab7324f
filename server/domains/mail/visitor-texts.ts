// The e-mail a visitor gets with the team's reply, in the visitor's language: the languages of the
// agent texts (agent/texts.ts), so the e-mail speaks the language the widget spoke.
import { matchLocale } from '../agent/texts.js';
import { renderHtml, renderText } from './render.js';

interface VisitorTexts {
  subject: string;
  intro: string;
  action: string;
  noLink: string;
  footer: string;
}

const TEXTS: Record<string, VisitorTexts> = {
  en: {
    subject: '{team}: a reply to your message',
    intro: '{name} from {team} replied to your conversation.',
    action: 'Continue the conversation',
    noLink: 'To answer, open the chat on our website again.',
    footer: 'You get this e-mail because you left your address in our chat while nobody from our team was online.',
  },
  de: {
    subject: '{team}: eine Antwort auf Ihre Nachricht',
    intro: '{name} von {team} hat in Ihrem Gespräch geantwortet.',
    action: 'Gespräch fortsetzen',
    noLink: 'Um zu antworten, öffnen Sie den Chat auf unserer Website erneut.',
    footer: 'Sie erhalten diese E-Mail, weil Sie Ihre Adresse in unserem Chat hinterlassen haben, als niemand aus unserem Team online war.',
  },
  es: {
    subject: '{team}: una respuesta a tu mensaje',
    intro: '{name}, de {team}, ha respondido en tu conversación.',
    action: 'Continuar la conversación',
    noLink: 'Para responder, vuelve a abrir el chat en nuestro sitio web.',
    footer: 'Recibes este correo porque dejaste tu dirección en nuestro chat cuando no había nadie de nuestro equipo en línea.',
  },
  fr: {
    subject: '{team} : une réponse à votre message',
    intro: '{name}, de {team}, a répondu dans votre conversation.',
    action: 'Reprendre la conversation',
    noLink: 'Pour répondre, rouvrez le chat sur notre site.',
    footer: 'Vous recevez cet e-mail parce que vous avez laissé votre adresse dans notre chat alors que personne de notre équipe n’était en ligne.',
  },
  it: {
    subject: '{team}: una risposta al tuo messaggio',
    intro: '{name} di {team} ha risposto nella tua conversazione.',
    action: 'Continua la conversazione',
    noLink: 'Per rispondere, riapri la chat sul nostro sito.',
    footer: 'Ricevi questa e-mail perché hai lasciato il tuo indirizzo nella nostra chat mentre nessuno del nostro team era online.',
  },
  pt: {
    subject: '{team}: uma resposta à sua mensagem',
    intro: '{name}, de {team}, respondeu na sua conversa.',
    action: 'Continuar a conversa',
    noLink: 'Para responder, abra novamente o chat no nosso site.',
    footer: 'Você recebe este e-mail porque deixou seu endereço no nosso chat quando ninguém da nossa equipe estava online.',
  },
  nl: {
    subject: '{team}: een antwoord op je bericht',
    intro: '{name} van {team} heeft gereageerd in je gesprek.',
    action: 'Gesprek voortzetten',
    noLink: 'Open de chat op onze website opnieuw om te antwoorden.',
    footer: 'Je ontvangt deze e-mail omdat je je adres in onze chat hebt achtergelaten toen niemand van ons team online was.',
  },
  ar: {
    subject: '{team}: رد على رسالتك',
    intro: 'ردّ {name} من {team} في محادثتك.',
    action: 'متابعة المحادثة',
    noLink: 'للرد، افتح الدردشة على موقعنا مرة أخرى.',
    footer: 'تصلك هذه الرسالة لأنك تركت عنوان بريدك الإلكتروني في الدردشة عندما لم يكن أحد من فريقنا متصلاً.',
  },
};

const fill = (s: string, vars: Record<string, string | null>) => s.replace(/\{(\w+)\}/g, (w, k: string) => vars[k] ?? w);

export function visitorReplyMail(locale: string, vars: { name: string; team: string; reply: string; url: string | null }) {
  const language = matchLocale(locale, Object.keys(TEXTS)) ?? 'en';
  const t = TEXTS[language];
  const parts = {
    language,
    paragraphs: [fill(t.intro, vars)],
    quote: { by: vars.name, text: vars.reply },
    ...(vars.url ? { action: { label: t.action, url: vars.url } } : {}),
    footer: [...(vars.url ? [] : [t.noLink]), t.footer],
  };
  return { subject: fill(t.subject, vars), text: renderText(parts), html: renderHtml(parts), language };
}
