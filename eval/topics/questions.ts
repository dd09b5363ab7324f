// Labelled support questions for the topic evaluation (docs/operators.md "Topics", `npm run
// eval:topics`). Written for an imagined online shop before the first run, the way visitors write
// (chatty, some typos, some German, French and Spanish), 12 phrasings per topic, plus questions that
// belong to no topic. Every question carries its split, fixed when written and alternating within a
// topic: the `tune` half may be looked at while choosing the clustering's settings; the `held-out`
// half is for reporting only, and no question is edited after seeing its result.
export interface TopicQuestion {
  text: string;
  /** The topic a person would file it under; `other` for a one-off that belongs to no topic. */
  label: string;
  split: 'tune' | 'held-out';
}

const TOPICS: Record<string, string[]> = {
  delivery_time: [
    'When will my order arrive?',
    'How long does shipping take to Austria?',
    'how many days for delivery usually',
    'Is there express shipping, I need it by Friday',
    'My order still has not arrived after a week, how long is delivery?',
    'What are your delivery times for the UK?',
    'do you ship on weekends? when would it get here',
    'How fast is standard shipping?',
    'Wie lange dauert der Versand nach Deutschland?',
    'Combien de temps prend la livraison en France ?',
    '¿Cuánto tarda el envío a España?',
    'delivery time to switzerland please',
  ],
  tracking: [
    'Where can I find my tracking number?',
    'how do I track my package',
    'The tracking link says nothing, where is my parcel?',
    'I never got a tracking code for my order',
    'Can you send me the parcel tracking number again',
    'tracking page shows "label created" for 5 days',
    'where is my package right now? any tracking?',
    'Which courier has my parcel and how do I track it',
    'Wo finde ich die Sendungsverfolgung für mein Paket?',
    'Où est mon colis ? Je n’ai pas de numéro de suivi',
    '¿Dónde está mi paquete? No tengo número de seguimiento',
    'trackng number not working',
  ],
  returns: [
    'How do I return an item?',
    'I want to send back the kettle, how does the return work',
    'Do you have a free return label?',
    'Can I return something I bought 20 days ago?',
    'what is your return policy',
    'how do I send back a product that I dont like',
    'Where do I ship my return to?',
    'Is it possible to return an opened item?',
    'Wie kann ich einen Artikel zurücksenden?',
    'Comment retourner un article ?',
    '¿Cómo devuelvo un producto?',
    'return window how many days',
  ],
  refund: [
    'When do I get my money back?',
    'I returned my order two weeks ago and still no refund',
    'How long does a refund take to show on my card?',
    'refund not received yet',
    'Will I be refunded the shipping costs too?',
    'you said you refunded me but my bank shows nothing',
    'how is the refund paid, to paypal or bank?',
    'Still waiting for my refund!!',
    'Wann bekomme ich mein Geld zurück? Rückerstattung fehlt',
    'Quand vais-je recevoir mon remboursement ?',
    '¿Cuándo recibiré mi reembolso?',
    'money back status please',
  ],
  cancel_order: [
    'How can I cancel my order?',
    'I ordered the wrong colour, can I cancel the order before it ships',
    'please cancel order 10442',
    'Is it too late to cancel my order?',
    'cancel my purchase from yesterday',
    'I want to cancel an order I placed by mistake',
    'can i still cancel if it is already shipped',
    'How do I cancel an order in my account?',
    'Wie storniere ich meine Bestellung?',
    'Je voudrais annuler ma commande',
    'Quiero cancelar mi pedido',
    'order cancellation',
  ],
  payment_methods: [
    'Can I pay with PayPal?',
    'Which payment methods do you accept?',
    'do you take apple pay',
    'Is it possible to pay by invoice or bank transfer?',
    'my credit card was declined at checkout',
    'can I pay in instalments / klarna?',
    'Do you accept American Express cards?',
    'payment failed but money was taken from my card',
    'Kann ich mit PayPal bezahlen?',
    'Quels moyens de paiement acceptez-vous ?',
    '¿Puedo pagar con tarjeta de crédito?',
    'payment options',
  ],
  invoice: [
    'I need an invoice for my order',
    'Can you add my company VAT number to the invoice?',
    'where do I download my invoice',
    'The invoice has the wrong address, can you correct it?',
    'please send me a receipt for my purchase',
    'I need the invoice in the name of my company',
    'how do I get a copy of my bill',
    'invoice missing from the email',
    'Ich brauche eine Rechnung mit meiner USt-IdNr.',
    'Pouvez-vous m’envoyer la facture ?',
    'Necesito una factura de mi pedido',
    'receipt download',
  ],
  login: [
    "I can't log in to my account",
    'How do I reset my password?',
    'the password reset email never comes',
    'my account is locked after too many attempts',
    'forgot my password help',
    'login says wrong password but it is right',
    'How can I change my account password?',
    'I never received the email to verify my account login',
    'Ich kann mich nicht einloggen, Passwort vergessen',
    'Je n’arrive pas à me connecter à mon compte',
    'Olvidé mi contraseña',
    'cant sign in',
  ],
  warranty: [
    'My kettle stopped working after 6 months, is it under warranty?',
    'How long is the warranty?',
    'the device is broken, can you repair it',
    'Does the guarantee cover a cracked lid?',
    'how do I make a warranty claim',
    'my toaster is defective, what now',
    'is there a warranty on refurbished items',
    'The product broke, do I get a replacement under guarantee?',
    'Mein Wasserkocher ist kaputt, gilt die Garantie?',
    'Mon appareil est en panne, est-il sous garantie ?',
    'Mi hervidor se rompió, ¿tiene garantía?',
    'warranty period',
  ],
  discount_code: [
    'My discount code does not work',
    'Where do I enter a promo code?',
    'the voucher says expired but it should be valid',
    'can I use two coupon codes on one order',
    'I forgot to apply my discount code, can you refund the difference?',
    'is there a discount for students',
    'promo code WELCOME10 invalid',
    'do you have any coupon for first order',
    'Mein Gutscheincode funktioniert nicht',
    'Mon code promo ne fonctionne pas',
    'Mi código de descuento no funciona',
    'coupon not accepted at checkout',
  ],
  change_address: [
    'How can I change my delivery address?',
    'I entered the wrong shipping address',
    'can you send my order to a different address',
    'I moved, please update the address on my order',
    'typo in my street name on the order, can you fix it',
    'change shipping address after ordering',
    'Can I have it delivered to my office instead?',
    'wrong postcode on my order!',
    'Ich möchte meine Lieferadresse ändern',
    'Je voudrais changer mon adresse de livraison',
    'Quiero cambiar la dirección de envío',
    'update delivery address',
  ],
  delete_account: [
    'How do I delete my account?',
    'Please remove all my personal data',
    'I want my account and data erased (GDPR)',
    'how can I close my customer account',
    'unsubscribe me and delete my data',
    'what data do you store about me? delete it please',
    'Can I delete my account myself in the settings?',
    'request for deletion of my personal information',
    'Bitte löschen Sie mein Konto und meine Daten',
    'Je veux supprimer mon compte',
    'Quiero eliminar mi cuenta',
    'delete account',
  ],
};

/** One-off questions that belong to no topic: they should stay unassigned or at least not distort one. */
const OTHER = [
  'Do you have a shop in Vienna I can visit?',
  'Are your products made in Europe?',
  'Is the glass kettle dishwasher safe?',
  'Do you sell gift cards?',
  'Can I work for you? Are you hiring?',
  'what voltage does the toaster use in the US',
  'Is there a loyalty programme?',
  'Do you offer a price match?',
  'How do I descale the kettle?',
  'Was ist die Kapazität des Wasserkochers?',
  'Is your packaging recyclable?',
  'Do you sell spare parts like filters?',
];

function build(): TopicQuestion[] {
  const out: TopicQuestion[] = [];
  for (const [label, texts] of Object.entries(TOPICS)) {
    texts.forEach((text, i) => out.push({ text, label, split: i % 2 === 0 ? 'tune' : 'held-out' }));
  }
  OTHER.forEach((text, i) => out.push({ text, label: 'other', split: i % 2 === 0 ? 'tune' : 'held-out' }));
  return out;
}

export const TOPIC_QUESTIONS: readonly TopicQuestion[] = build();
