// Everything Parley itself says to a visitor (spec 5.1, docs/architecture.md "agent pipeline"): the
// default greeting, refusals, handoff notes, system messages. Answers are written in the visitor's
// language by the model; these fixed texts come from this catalogue so a German or Arabic visitor
// never reads English boilerplate. Channel-specific texts (name, welcome) override the greeting per
// language in the channel settings (see channel-config.ts).
//
// Developer-facing `message` fields of error frames stay English: the widget shows its own text for
// the stable `error` code (widget/i18n/errors.ts).

export const AGENT_TEXT_KEYS = [
  'greeting',
  'askQuestion',
  'noAnswer',
  'unsure',
  'handoffOffer',
  'handoffAccepted',
  'handoffDeclined',
  'sourceLanguage',
  'assistantBack',
  'operatorJoined',
  'noOperatorOnline',
  'contactSaved',
  'rateLimited',
  'unavailable',
  'procedureRetry',
  'procedureCancelled',
  'procedureHandedOver',
  'procedureDone',
  'conversationEnded',
  'reopenedQueue',
  'reopenedOperator',
  'waitTooLong',
  'waitAiResumes',
  'outsideHours',
  'backAt',
  'leaveEmail',
  'fileNote',
] as const;
export type AgentTextKey = (typeof AGENT_TEXT_KEYS)[number];
type Catalogue = Record<AgentTextKey, string>;

const en: Catalogue = {
  greeting: 'Hi! How can I help you today?',
  askQuestion: 'Hello! What would you like to know? Ask me a question and I will look it up.',
  noAnswer:
    "I'm sorry, I don't know the answer to that from the information I have. Would you like me to connect you with a person from our team?",
  unsure: 'I could not find a definite answer; these sections look related:',
  handoffOffer: 'Would you like to talk to a person from our team?',
  handoffAccepted: 'You asked to talk to a person. A member of the team will reply here.',
  handoffDeclined: 'You chose to continue with the assistant.',
  sourceLanguage: 'This source is in {language}.',
  assistantBack: 'The assistant is back and will answer your next message.',
  operatorJoined: '{name} from our team joined the conversation.',
  noOperatorOnline: 'No one from our team is online right now. Leave your e-mail and we will reply to you there.',
  contactSaved: 'Thank you. We will reply to {email}.',
  rateLimited: 'You are sending messages too quickly. Please wait {seconds} seconds and try again.',
  unavailable: 'The assistant could not answer right now; please try again.',
  procedureRetry: 'Sorry, I could not use that answer. {prompt}',
  procedureCancelled: 'Okay, I stopped there. How else can I help?',
  procedureHandedOver: 'I have passed this on to our team with the details; someone will reply here.',
  procedureDone: 'Done. Is there anything else I can help with?',
  conversationEnded: 'This conversation was closed. You can rate it below, or write again to reopen it.',
  reopenedQueue: 'Your conversation is open again. Someone from our team will reply here; you are number {position} in line.',
  reopenedOperator: 'Your conversation is open again. {name} from our team will reply here.',
  waitTooLong: 'No one from our team could reply yet. Leave your e-mail and we will reply to you there.',
  waitAiResumes: 'No one from our team could reply yet, so the assistant will answer you for now.',
  outsideHours: 'Our team is away right now: this is outside our business hours.',
  backAt: 'We are back on {when}.',
  leaveEmail: 'Your message waits for us; leave your e-mail and we will reply to you there.',
  fileNote: "I can't open or read files myself. Could you describe in a few words what you need help with? Or would you like to talk to a person from our team?",
};

const de: Catalogue = {
  greeting: 'Hallo! Wie kann ich Ihnen heute helfen?',
  askQuestion: 'Hallo! Was möchten Sie wissen? Stellen Sie mir eine Frage, und ich schlage es nach.',
  noAnswer:
    'Das kann ich mit den mir vorliegenden Informationen leider nicht beantworten. Möchten Sie mit einer Person aus unserem Team sprechen?',
  unsure: 'Ich habe keine eindeutige Antwort gefunden; diese Abschnitte scheinen passend:',
  handoffOffer: 'Möchten Sie mit einer Person aus unserem Team sprechen?',
  handoffAccepted: 'Sie möchten mit einer Person sprechen. Jemand aus dem Team antwortet Ihnen hier.',
  handoffDeclined: 'Sie haben sich entschieden, mit dem Assistenten weiterzumachen.',
  sourceLanguage: 'Diese Quelle ist auf {language}.',
  assistantBack: 'Der Assistent ist wieder da und beantwortet Ihre nächste Nachricht.',
  operatorJoined: '{name} aus unserem Team ist dem Gespräch beigetreten.',
  noOperatorOnline: 'Gerade ist niemand aus unserem Team online. Hinterlassen Sie Ihre E-Mail-Adresse, dann antworten wir Ihnen dort.',
  contactSaved: 'Danke. Wir antworten an {email}.',
  rateLimited: 'Sie senden Nachrichten zu schnell. Bitte warten Sie {seconds} Sekunden und versuchen Sie es erneut.',
  unavailable: 'Der Assistent kann gerade nicht antworten; bitte versuchen Sie es erneut.',
  procedureRetry: 'Diese Antwort konnte ich leider nicht verwenden. {prompt}',
  procedureCancelled: 'In Ordnung, ich habe abgebrochen. Wobei kann ich sonst helfen?',
  procedureHandedOver: 'Ich habe das mit den Angaben an unser Team weitergegeben; jemand antwortet Ihnen hier.',
  procedureDone: 'Erledigt. Kann ich sonst noch helfen?',
  conversationEnded: 'Dieses Gespräch wurde beendet. Sie können es unten bewerten oder erneut schreiben, um es wieder zu öffnen.',
  reopenedQueue: 'Ihr Gespräch ist wieder offen. Jemand aus unserem Team antwortet Ihnen hier; Sie sind Nummer {position} in der Warteschlange.',
  reopenedOperator: 'Ihr Gespräch ist wieder offen. {name} aus unserem Team antwortet Ihnen hier.',
  waitTooLong: 'Bisher konnte niemand aus unserem Team antworten. Hinterlassen Sie Ihre E-Mail-Adresse, dann antworten wir Ihnen dort.',
  waitAiResumes: 'Bisher konnte niemand aus unserem Team antworten, daher antwortet Ihnen vorerst der Assistent.',
  outsideHours: 'Unser Team ist gerade nicht da: Es ist außerhalb unserer Geschäftszeiten.',
  backAt: 'Wieder erreichbar: {when}.',
  leaveEmail: 'Ihre Nachricht wartet auf uns; hinterlassen Sie Ihre E-Mail-Adresse, dann antworten wir Ihnen dort.',
  fileNote: 'Dateien kann ich selbst nicht öffnen oder lesen. Können Sie mit ein paar Worten beschreiben, wobei Sie Hilfe brauchen? Oder möchten Sie mit einer Person aus unserem Team sprechen?',
};

const es: Catalogue = {
  greeting: '¡Hola! ¿En qué puedo ayudarte hoy?',
  askQuestion: '¡Hola! ¿Qué te gustaría saber? Hazme una pregunta y lo buscaré.',
  noAnswer:
    'Lo siento, no conozco la respuesta con la información que tengo. ¿Quieres que te ponga en contacto con una persona de nuestro equipo?',
  unsure: 'No encontré una respuesta clara; estas secciones parecen relacionadas:',
  handoffOffer: '¿Quieres hablar con una persona de nuestro equipo?',
  handoffAccepted: 'Has pedido hablar con una persona. Alguien del equipo te responderá aquí.',
  handoffDeclined: 'Has elegido continuar con el asistente.',
  sourceLanguage: 'Esta fuente está en {language}.',
  assistantBack: 'El asistente ha vuelto y responderá a tu próximo mensaje.',
  operatorJoined: '{name}, de nuestro equipo, se ha unido a la conversación.',
  noOperatorOnline: 'Ahora mismo no hay nadie de nuestro equipo conectado. Déjanos tu correo electrónico y te responderemos allí.',
  contactSaved: 'Gracias. Te responderemos a {email}.',
  rateLimited: 'Estás enviando mensajes demasiado rápido. Espera {seconds} segundos y vuelve a intentarlo.',
  unavailable: 'El asistente no puede responder ahora mismo; inténtalo de nuevo.',
  procedureRetry: 'Lo siento, no pude usar esa respuesta. {prompt}',
  procedureCancelled: 'De acuerdo, lo he detenido. ¿En qué más puedo ayudarte?',
  procedureHandedOver: 'He pasado esto a nuestro equipo con los detalles; alguien te responderá aquí.',
  procedureDone: 'Hecho. ¿Puedo ayudarte en algo más?',
  conversationEnded: 'Esta conversación se ha cerrado. Puedes valorarla abajo o escribir de nuevo para reabrirla.',
  reopenedQueue: 'Tu conversación está abierta de nuevo. Alguien de nuestro equipo te responderá aquí; eres el número {position} en la cola.',
  reopenedOperator: 'Tu conversación está abierta de nuevo. {name}, de nuestro equipo, te responderá aquí.',
  waitTooLong: 'Todavía nadie de nuestro equipo ha podido responder. Déjanos tu correo electrónico y te responderemos allí.',
  waitAiResumes: 'Todavía nadie de nuestro equipo ha podido responder, así que el asistente te responderá por ahora.',
  outsideHours: 'Nuestro equipo no está disponible ahora: estamos fuera de nuestro horario de atención.',
  backAt: 'Volvemos: {when}.',
  leaveEmail: 'Tu mensaje nos espera; déjanos tu correo electrónico y te responderemos allí.',
  fileNote: 'No puedo abrir ni leer archivos. ¿Puedes describir con unas palabras en qué necesitas ayuda? ¿O prefieres hablar con una persona de nuestro equipo?',
};

const fr: Catalogue = {
  greeting: 'Bonjour ! Comment puis-je vous aider aujourd’hui ?',
  askQuestion: 'Bonjour ! Que souhaitez-vous savoir ? Posez-moi une question et je chercherai la réponse.',
  noAnswer:
    'Désolé, je ne connais pas la réponse d’après les informations dont je dispose. Voulez-vous que je vous mette en relation avec une personne de notre équipe ?',
  unsure: 'Je n’ai pas trouvé de réponse certaine ; ces sections semblent liées :',
  handoffOffer: 'Voulez-vous parler à une personne de notre équipe ?',
  handoffAccepted: 'Vous avez demandé à parler à une personne. Un membre de l’équipe vous répondra ici.',
  handoffDeclined: 'Vous avez choisi de continuer avec l’assistant.',
  sourceLanguage: 'Cette source est en {language}.',
  assistantBack: 'L’assistant est de retour et répondra à votre prochain message.',
  operatorJoined: '{name} de notre équipe a rejoint la conversation.',
  noOperatorOnline: 'Personne de notre équipe n’est en ligne pour le moment. Laissez votre adresse e-mail et nous vous répondrons là-bas.',
  contactSaved: 'Merci. Nous vous répondrons à {email}.',
  rateLimited: 'Vous envoyez des messages trop vite. Veuillez patienter {seconds} secondes et réessayer.',
  unavailable: 'L’assistant ne peut pas répondre pour le moment ; veuillez réessayer.',
  procedureRetry: 'Désolé, je n’ai pas pu utiliser cette réponse. {prompt}',
  procedureCancelled: 'D’accord, j’ai arrêté. Comment puis-je vous aider autrement ?',
  procedureHandedOver: 'J’ai transmis cela à notre équipe avec les détails ; quelqu’un vous répondra ici.',
  procedureDone: 'C’est fait. Puis-je vous aider pour autre chose ?',
  conversationEnded: 'Cette conversation a été clôturée. Vous pouvez l’évaluer ci-dessous, ou écrire à nouveau pour la rouvrir.',
  reopenedQueue: 'Votre conversation est de nouveau ouverte. Quelqu’un de notre équipe vous répondra ici ; vous êtes numéro {position} dans la file.',
  reopenedOperator: 'Votre conversation est de nouveau ouverte. {name} de notre équipe vous répondra ici.',
  waitTooLong: 'Personne de notre équipe n’a encore pu répondre. Laissez votre adresse e-mail et nous vous répondrons là-bas.',
  waitAiResumes: 'Personne de notre équipe n’a encore pu répondre ; l’assistant vous répond en attendant.',
  outsideHours: 'Notre équipe est absente pour le moment : nous sommes en dehors de nos heures d’ouverture.',
  backAt: 'De retour : {when}.',
  leaveEmail: 'Votre message nous attend ; laissez votre adresse e-mail et nous vous répondrons là-bas.',
  fileNote: 'Je ne peux pas ouvrir ni lire les fichiers moi-même. Pouvez-vous décrire en quelques mots ce dont vous avez besoin ? Ou voulez-vous parler à une personne de notre équipe ?',
};

const it: Catalogue = {
  greeting: 'Ciao! Come posso aiutarti oggi?',
  askQuestion: 'Ciao! Che cosa vorresti sapere? Fammi una domanda e cercherò la risposta.',
  noAnswer:
    'Mi dispiace, non conosco la risposta con le informazioni che ho. Vuoi che ti metta in contatto con una persona del nostro team?',
  unsure: 'Non ho trovato una risposta certa; queste sezioni sembrano pertinenti:',
  handoffOffer: 'Vuoi parlare con una persona del nostro team?',
  handoffAccepted: 'Hai chiesto di parlare con una persona. Un membro del team ti risponderà qui.',
  handoffDeclined: 'Hai scelto di continuare con l’assistente.',
  sourceLanguage: 'Questa fonte è in {language}.',
  assistantBack: 'L’assistente è tornato e risponderà al tuo prossimo messaggio.',
  operatorJoined: '{name} del nostro team si è unito alla conversazione.',
  noOperatorOnline: 'Al momento nessuno del nostro team è online. Lasciaci la tua e-mail e ti risponderemo lì.',
  contactSaved: 'Grazie. Ti risponderemo a {email}.',
  rateLimited: 'Stai inviando messaggi troppo velocemente. Attendi {seconds} secondi e riprova.',
  unavailable: 'L’assistente non può rispondere in questo momento; riprova.',
  procedureRetry: 'Mi dispiace, non ho potuto usare questa risposta. {prompt}',
  procedureCancelled: 'D’accordo, mi sono fermato. In cos’altro posso aiutarti?',
  procedureHandedOver: 'Ho passato la richiesta al nostro team con i dettagli; qualcuno ti risponderà qui.',
  procedureDone: 'Fatto. Posso aiutarti in qualcos’altro?',
  conversationEnded: 'Questa conversazione è stata chiusa. Puoi valutarla qui sotto, oppure scrivere di nuovo per riaprirla.',
  reopenedQueue: 'La tua conversazione è di nuovo aperta. Qualcuno del nostro team ti risponderà qui; sei il numero {position} in coda.',
  reopenedOperator: 'La tua conversazione è di nuovo aperta. {name} del nostro team ti risponderà qui.',
  waitTooLong: 'Nessuno del nostro team ha ancora potuto rispondere. Lascia la tua e-mail e ti risponderemo lì.',
  waitAiResumes: 'Nessuno del nostro team ha ancora potuto rispondere, quindi per ora ti risponde l’assistente.',
  outsideHours: 'Il nostro team al momento non c’è: siamo fuori dall’orario di lavoro.',
  backAt: 'Di nuovo disponibili: {when}.',
  leaveEmail: 'Il tuo messaggio ci aspetta; lasciaci la tua e-mail e ti risponderemo lì.',
  fileNote: 'Non posso aprire né leggere i file. Puoi descrivere in poche parole di che cosa hai bisogno? Oppure vuoi parlare con una persona del nostro team?',
};

const pt: Catalogue = {
  greeting: 'Olá! Como posso ajudar você hoje?',
  askQuestion: 'Olá! O que você gostaria de saber? Faça uma pergunta e eu vou procurar a resposta.',
  noAnswer:
    'Desculpe, não sei a resposta para isso com as informações que tenho. Quer que eu coloque você em contato com uma pessoa da nossa equipe?',
  unsure: 'Não encontrei uma resposta definitiva; estas seções parecem relacionadas:',
  handoffOffer: 'Quer falar com uma pessoa da nossa equipe?',
  handoffAccepted: 'Você pediu para falar com uma pessoa. Alguém da equipe vai responder aqui.',
  handoffDeclined: 'Você escolheu continuar com o assistente.',
  sourceLanguage: 'Esta fonte está em {language}.',
  assistantBack: 'O assistente voltou e vai responder à sua próxima mensagem.',
  operatorJoined: '{name}, da nossa equipe, entrou na conversa.',
  noOperatorOnline: 'Ninguém da nossa equipe está on-line agora. Deixe seu e-mail e responderemos por lá.',
  contactSaved: 'Obrigado. Responderemos para {email}.',
  rateLimited: 'Você está enviando mensagens rápido demais. Aguarde {seconds} segundos e tente novamente.',
  unavailable: 'O assistente não pode responder agora; tente novamente.',
  procedureRetry: 'Desculpe, não consegui usar essa resposta. {prompt}',
  procedureCancelled: 'Tudo bem, parei por aqui. Em que mais posso ajudar?',
  procedureHandedOver: 'Passei isso para a nossa equipe com os detalhes; alguém vai responder aqui.',
  procedureDone: 'Pronto. Posso ajudar em mais alguma coisa?',
  conversationEnded: 'Esta conversa foi encerrada. Você pode avaliá-la abaixo ou escrever de novo para reabri-la.',
  reopenedQueue: 'Sua conversa está aberta de novo. Alguém da nossa equipe vai responder aqui; você é o número {position} na fila.',
  reopenedOperator: 'Sua conversa está aberta de novo. {name}, da nossa equipe, vai responder aqui.',
  waitTooLong: 'Ninguém da nossa equipe conseguiu responder ainda. Deixe seu e-mail e responderemos por lá.',
  waitAiResumes: 'Ninguém da nossa equipe conseguiu responder ainda, então o assistente vai responder por enquanto.',
  outsideHours: 'Nossa equipe não está disponível agora: estamos fora do horário de atendimento.',
  backAt: 'Voltamos: {when}.',
  leaveEmail: 'Sua mensagem nos aguarda; deixe seu e-mail e responderemos por lá.',
  fileNote: 'Não consigo abrir nem ler arquivos. Você pode descrever em poucas palavras do que precisa? Ou quer falar com uma pessoa da nossa equipe?',
};

const nl: Catalogue = {
  greeting: 'Hallo! Waarmee kan ik je vandaag helpen?',
  askQuestion: 'Hallo! Wat wil je weten? Stel me een vraag, dan zoek ik het op.',
  noAnswer:
    'Sorry, met de informatie die ik heb weet ik daar het antwoord niet op. Wil je dat ik je in contact breng met iemand van ons team?',
  unsure: 'Ik heb geen duidelijk antwoord gevonden; deze onderdelen lijken te passen:',
  handoffOffer: 'Wil je met iemand van ons team praten?',
  handoffAccepted: 'Je hebt gevraagd om met iemand te praten. Iemand van het team antwoordt hier.',
  handoffDeclined: 'Je hebt ervoor gekozen verder te gaan met de assistent.',
  sourceLanguage: 'Deze bron is in het {language}.',
  assistantBack: 'De assistent is terug en beantwoordt je volgende bericht.',
  operatorJoined: '{name} van ons team neemt deel aan het gesprek.',
  noOperatorOnline: 'Er is nu niemand van ons team online. Laat je e-mailadres achter, dan antwoorden we je daar.',
  contactSaved: 'Bedankt. We antwoorden je op {email}.',
  rateLimited: 'Je stuurt te snel berichten. Wacht {seconds} seconden en probeer het opnieuw.',
  unavailable: 'De assistent kan nu niet antwoorden; probeer het opnieuw.',
  procedureRetry: 'Sorry, dat antwoord kon ik niet gebruiken. {prompt}',
  procedureCancelled: 'Oké, ik ben gestopt. Waarmee kan ik je nog meer helpen?',
  procedureHandedOver: 'Ik heb dit met de details aan ons team doorgegeven; iemand antwoordt je hier.',
  procedureDone: 'Klaar. Kan ik je nog ergens anders mee helpen?',
  conversationEnded: 'Dit gesprek is gesloten. Je kunt het hieronder beoordelen, of opnieuw schrijven om het te heropenen.',
  reopenedQueue: 'Je gesprek is weer geopend. Iemand van ons team antwoordt je hier; je bent nummer {position} in de wachtrij.',
  reopenedOperator: 'Je gesprek is weer geopend. {name} van ons team antwoordt je hier.',
  waitTooLong: 'Nog niemand van ons team kon antwoorden. Laat je e-mailadres achter, dan antwoorden we je daar.',
  waitAiResumes: 'Nog niemand van ons team kon antwoorden, dus de assistent antwoordt je voorlopig.',
  outsideHours: 'Ons team is er nu niet: het is buiten onze openingstijden.',
  backAt: 'Weer bereikbaar: {when}.',
  leaveEmail: 'Je bericht wacht op ons; laat je e-mailadres achter, dan antwoorden we je daar.',
  fileNote: 'Bestanden kan ik zelf niet openen of lezen. Kun je in een paar woorden beschrijven waarmee je hulp nodig hebt? Of wil je met iemand van ons team praten?',
};

const ar: Catalogue = {
  greeting: 'مرحبًا! كيف يمكنني مساعدتك اليوم؟',
  askQuestion: 'مرحبًا! ماذا تريد أن تعرف؟ اطرح عليّ سؤالًا وسأبحث عن الإجابة.',
  noAnswer: 'عذرًا، لا أعرف الإجابة عن ذلك من المعلومات المتوفرة لدي. هل تريد أن أوصلك بأحد أعضاء فريقنا؟',
  unsure: 'لم أجد إجابة مؤكدة؛ هذه الأقسام تبدو ذات صلة:',
  handoffOffer: 'هل تريد التحدث إلى أحد أعضاء فريقنا؟',
  handoffAccepted: 'طلبت التحدث إلى شخص. سيرد عليك أحد أعضاء الفريق هنا.',
  handoffDeclined: 'اخترت المتابعة مع المساعد.',
  sourceLanguage: 'هذا المصدر باللغة {language}.',
  assistantBack: 'عاد المساعد وسيجيب عن رسالتك التالية.',
  operatorJoined: 'انضم {name} من فريقنا إلى المحادثة.',
  noOperatorOnline: 'لا يوجد أحد من فريقنا متصل الآن. اترك بريدك الإلكتروني وسنرد عليك هناك.',
  contactSaved: 'شكرًا لك. سنرد عليك على {email}.',
  rateLimited: 'أنت ترسل الرسائل بسرعة كبيرة. يرجى الانتظار {seconds} ثانية ثم المحاولة مرة أخرى.',
  unavailable: 'تعذّر على المساعد الرد الآن؛ يرجى المحاولة مرة أخرى.',
  procedureRetry: 'عذرًا، لم أتمكن من استخدام هذه الإجابة. {prompt}',
  procedureCancelled: 'حسنًا، توقفت هنا. كيف يمكنني مساعدتك أيضًا؟',
  procedureHandedOver: 'لقد أحلت هذا إلى فريقنا مع التفاصيل؛ سيرد عليك أحدهم هنا.',
  procedureDone: 'تم. هل هناك شيء آخر يمكنني مساعدتك فيه؟',
  conversationEnded: 'تم إغلاق هذه المحادثة. يمكنك تقييمها أدناه، أو الكتابة مرة أخرى لإعادة فتحها.',
  reopenedQueue: 'محادثتك مفتوحة مرة أخرى. سيرد عليك أحد أعضاء فريقنا هنا؛ ترتيبك {position} في قائمة الانتظار.',
  reopenedOperator: 'محادثتك مفتوحة مرة أخرى. سيرد عليك {name} من فريقنا هنا.',
  waitTooLong: 'لم يتمكن أحد من فريقنا من الرد بعد. اترك بريدك الإلكتروني وسنرد عليك هناك.',
  waitAiResumes: 'لم يتمكن أحد من فريقنا من الرد بعد، لذا سيجيبك المساعد في الوقت الحالي.',
  outsideHours: 'فريقنا غير متاح الآن: نحن خارج ساعات العمل.',
  backAt: 'نعود: {when}.',
  leaveEmail: 'رسالتك بانتظارنا؛ اترك بريدك الإلكتروني وسنرد عليك هناك.',
  fileNote: 'لا أستطيع فتح الملفات أو قراءتها بنفسي. هل يمكنك أن تصف بكلمات قليلة ما تحتاج إليه؟ أو هل تريد التحدث إلى أحد أعضاء فريقنا؟',
};

const CATALOGUES: Record<string, Catalogue> = { en, de, es, fr, it, pt, nl, ar };
export const AGENT_TEXT_LOCALES = Object.keys(CATALOGUES) as readonly string[];

const normalise = (tag: string) => tag.trim().toLowerCase().replace(/_/g, '-');

/**
 * The catalogue locale for one BCP 47 tag: exact match, then its primary language (`de-AT` → `de`),
 * else null. `available` lets callers negotiate against another list (e.g. a channel's languages).
 */
export function matchLocale(tag: string | null | undefined, available: readonly string[] = AGENT_TEXT_LOCALES): string | null {
  if (!tag) return null;
  const t = normalise(tag);
  if (!t) return null;
  const exact = available.find((a) => normalise(a) === t);
  if (exact) return exact;
  const base = t.split('-')[0];
  return available.find((a) => normalise(a) === base) ?? null;
}

/** The first of the visitor's preferred locales that `available` covers (exact, then base), else null. */
export function negotiateLocale(preferred: readonly (string | null | undefined)[], available: readonly string[] = AGENT_TEXT_LOCALES): string | null {
  for (const tag of preferred) {
    const hit = matchLocale(tag, available);
    if (hit) return hit;
  }
  return null;
}

/**
 * The language Parley speaks to a visitor: a configured locale (the channel's) wins, as it does for
 * the widget's interface, then the visitor's own locales, then the organization's default language
 * (`fallback`); English when none is covered.
 */
export function visitorTextLocale(
  configured: string | null | undefined,
  locales: readonly string[],
  available: readonly string[] = AGENT_TEXT_LOCALES,
  fallback?: string | null,
): string {
  return negotiateLocale([configured, ...locales, fallback], available) ?? 'en';
}

/** A text in the visitor's language (exact, base language, then English), `{name}` filled from vars. */
export function agentText(locale: string | null | undefined, key: AgentTextKey, vars?: Record<string, string>): string {
  const catalogue = CATALOGUES[matchLocale(locale) ?? 'en'];
  const text = catalogue[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? vars[name] : whole));
}
