// French catalogue, loaded lazily. Formal "vous"; French typography: a narrow no-break space
// before ? ! ; and inside « », a no-break space before : and before units.
import type { Catalogue } from './en.js';

const stars = ['Très mauvais', 'Mauvais', 'Correct', 'Bien', 'Excellent'];

export const fr: Catalogue = {
  title: 'Discutez avec nous',
  open: 'Ouvrir le chat',
  close: 'Fermer le chat',
  placeholder: 'Écrivez un message…',
  send: 'Envoyer',
  you: 'Vous',
  assistant: 'Assistant virtuel',
  operator: 'Équipe d’assistance',
  sources: 'Références',
  connecting: 'Connexion…',
  offline: 'Vous êtes hors ligne. Les messages seront envoyés dès le retour de la connexion.',
  retryIn: (s) => `Reconnexion dans ${s} s`,
  retryNow: 'Réessayer maintenant',
  queued: 'En attente d’envoi',
  failed: 'Non envoyé',
  retry: 'Réessayer',
  discard: 'Supprimer',
  typingAssistant: 'L’assistant écrit…',
  typingOperator: 'Un conseiller écrit…',
  rateTitle: 'Comment s’est passée cette conversation ?',
  rateStar: (n) => `${n} ${n < 2 ? 'étoile' : 'étoiles'} : ${stars[n - 1]}`,
  feedbackPlaceholder: 'Souhaitez-vous ajouter quelque chose ? (facultatif)',
  feedbackSend: 'Envoyer mon avis',
  skip: 'Passer',
  thanks: 'Merci pour votre avis !',
  handoffTitle: 'Parler à un conseiller ?',
  handoffExplain: 'Un membre de notre équipe verra cette conversation et vous répondra ici.',
  handoffOffer: 'Parler à un conseiller',
  handoffConfirm: 'Oui, me mettre en relation',
  handoffCancel: 'Pas maintenant',
  handoffAccepted: 'Vous avez demandé à parler à un conseiller. Un membre de notre équipe vous répondra ici.',
  handoffDeclined: 'Vous avez choisi de continuer avec l’assistant.',
  // External tool calls waiting for the visitor's approval (spec 2.9).
  toolApprovalTitle: 'Autoriser cette action ?',
  toolApprovalExplain: (tool: string) => `L’assistant souhaite utiliser « ${tool} » avec ces valeurs. Rien ne se passera sans votre autorisation.`,
  toolNoValues: 'Aucune valeur.',
  toolApprove: 'Autoriser',
  toolDeny: 'Refuser',
  // Shown while a person from the team handles the conversation (after a confirmed handoff, spec 2.9).
  // Handoff with nobody of the team online: the visitor leaves an e-mail (docs/operators.md).
  contactTitle: 'Aucun membre de notre équipe n’est en ligne pour le moment. Laissez votre adresse e-mail et nous vous répondrons par e-mail.',
  contactLabel: 'Votre adresse e-mail',
  contactSend: 'Envoyer mon adresse',
  withTeam: 'Vous échangez maintenant avec notre équipe d’assistance.',
  unread: (n) => `${n} ${n < 2 ? 'message non lu' : 'messages non lus'}`,
  messageLog: 'Historique de la conversation',
  // Screen readers: one polite announcement per completed answer (accessibility).
  announceAnswer: (who, text) => `${who}: ${text}`,
  // Voice input (spec 10).
  voiceStart: 'Enregistrer un message vocal',
  voiceStop: 'Arrêter l’enregistrement et transcrire',
  voiceCancel: 'Annuler l’enregistrement',
  voiceRecording: (s) => `Enregistrement… ${s} s`,
  voiceLevel: 'Niveau du micro',
  voiceTranscribing: 'Transcription en cours…',
  voiceReady: 'La transcription a été ajoutée à la zone de saisie. Vous pouvez la modifier ou l’envoyer.',
  dismiss: 'Fermer',
  sendingIn: (s: number) => `Nouvel envoi dans ${s} s`,
  citation: (n: number, title: string) => `Source ${n} : ${title}`,
  voiceNoMicrophone: 'Aucun micro n’a été détecté.',
  voicePermissionDenied: 'L’accès au micro est bloqué. Autorisez-le dans les paramètres de votre navigateur pour utiliser la saisie vocale.',
  voiceUnsupported: 'La saisie vocale n’est pas prise en charge par ce navigateur.',
  voiceTooLong: (s) => `Les enregistrements ne peuvent pas dépasser ${s} ${s < 2 ? 'seconde' : 'secondes'}.`,
  voiceNoSpeech: 'Aucune parole n’a été reconnue. Veuillez réessayer.',
  voiceUnsupportedLanguage: 'La saisie vocale n’est pas disponible dans cette langue ici. Veuillez saisir votre message.',
  voiceFailed: 'L’enregistrement n’a pas pu être transcrit. Veuillez plutôt saisir votre message.',
  // Verified identity (spec 2.4).
  identityRequired: 'Veuillez vous connecter sur ce site pour discuter avec nous.',
  // Server errors shown to the visitor, by stable code (shared/errors.ts); the server's own English
  // message is for developers and logs.
  errorRateLimited: 'Vous envoyez des messages trop rapidement. Veuillez patienter un instant.',
  errorNotAllowed: 'Ce chat n’est pas disponible sur cette page.',
  errorUnavailable: 'Ce chat n’est pas disponible pour le moment.',
  errorGeneric: 'Une erreur s’est produite. Veuillez réessayer.',
};
