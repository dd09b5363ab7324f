// English: the default catalogue, bundled with the app. Every visitor-facing string of the widget
// lives in a catalogue (issue 5); de.ts and ar.ts are loaded lazily only when the locale asks for
// them, so they stay out of the first-message size budget.
export const en = {
  title: 'Chat with us',
  open: 'Open chat',
  close: 'Close chat',
  placeholder: 'Write a message…',
  send: 'Send',
  you: 'You',
  assistant: 'Assistant',
  operator: 'Support team',
  sources: 'Sources',
  connecting: 'Connecting…',
  offline: 'You are offline. Messages will be sent when the connection is back.',
  retryIn: (s: number) => `Reconnecting in ${s}s`,
  retryNow: 'Retry now',
  queued: 'Waiting to send',
  failed: 'Not sent',
  retry: 'Retry',
  discard: 'Delete',
  typingAssistant: 'The assistant is typing…',
  typingOperator: 'An agent is typing…',
  rateTitle: 'How was this conversation?',
  rateStar: (n: number) => `${n} star${n === 1 ? '' : 's'}: ${['Terrible', 'Bad', 'OK', 'Good', 'Amazing'][n - 1]}`,
  feedbackPlaceholder: 'Anything you want to add? (optional)',
  feedbackSend: 'Send feedback',
  skip: 'Skip',
  thanks: 'Thank you for your feedback!',
  handoffTitle: 'Talk to a person?',
  handoffExplain: 'A member of our team will see this conversation and reply here.',
  handoffOffer: 'Connect me with a person',
  handoffConfirm: 'Yes, connect me',
  handoffCancel: 'Not now',
  handoffAccepted: 'You asked to talk to a person. Someone from our team will reply here.',
  handoffDeclined: 'You chose to continue with the assistant.',
  // Shown while a person from the team handles the conversation (after a confirmed handoff, spec 2.9).
  withTeam: 'You are now talking with our support team.',
  unread: (n: number) => `${n} unread message${n === 1 ? '' : 's'}`,
  messageLog: 'Conversation',
  // Screen readers: one polite announcement per completed answer (issue 5, accessibility).
  announceAnswer: (who: string, text: string) => `${who}: ${text}`,
  // Voice input (spec 10).
  voiceStart: 'Record a voice message',
  voiceStop: 'Stop recording and transcribe',
  voiceCancel: 'Cancel recording',
  voiceRecording: (s: number) => `Recording… ${s}s`,
  voiceLevel: 'Microphone level',
  voiceTranscribing: 'Transcribing…',
  voiceReady: 'Transcript added to the message box. Edit it or send it.',
  voiceNoMicrophone: 'No microphone was found.',
  voicePermissionDenied: 'Microphone access was blocked. Allow it in your browser settings to use voice input.',
  voiceUnsupported: 'Voice input is not supported in this browser.',
  voiceTooLong: (s: number) => `Recordings can be at most ${s} seconds long.`,
  voiceNoSpeech: 'No speech was recognised. Please try again.',
  voiceUnsupportedLanguage: 'Voice input is not available in this language here. Please type your message.',
  voiceFailed: 'The recording could not be transcribed. Please type your message instead.',
  // Verified identity (spec 2.4).
  identityRequired: 'Please sign in on this website to chat with us.',
  // Server errors shown to the visitor, by stable code (shared/errors.ts); the server's own English
  // message is for developers and logs.
  errorRateLimited: 'You are sending messages too quickly. Please wait a moment.',
  errorNotAllowed: 'This chat is not available on this page.',
  errorUnavailable: 'This chat is not available right now.',
  errorGeneric: 'Something went wrong. Please try again.',
};

export type Catalogue = typeof en;
