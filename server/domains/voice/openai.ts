// An OpenAI-compatible `POST {base}/audio/transcriptions` (Whisper-style; spec 10: automatic
// language detection, 24+ languages). The original container is sent as is.
import { AppError } from '../../errors.js';
import { primaryLanguage, type SpeechToText } from './stt.js';

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
};

export function createOpenAiStt(cfg: { baseUrl: string; apiKey: string; model: string }, timeoutMs = 60_000): SpeechToText {
  return {
    name: 'openai',
    languages: 'auto',
    needsWav: false,
    async transcribe({ audio, mimeType, language }) {
      const type = mimeType.split(';')[0]!.trim().toLowerCase();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio)], { type }), `speech.${EXTENSIONS[type] ?? 'webm'}`);
      form.append('model', cfg.model);
      form.append('response_format', 'verbose_json');
      // No `language` field: the widget's UI locale says nothing reliable about what was spoken, and
      // Whisper's own detection is what spec 10 promises. The hint only labels a reply without one.
      const lang = primaryLanguage(language);
      let res: Response;
      try {
        res = await fetch(`${cfg.baseUrl}/audio/transcriptions`, {
          method: 'POST',
          headers: cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {},
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new AppError('transcription_failed', 'The speech-to-text service could not be reached');
      }
      if (res.status === 429) throw new AppError('transcription_failed', 'The speech-to-text service is busy; try again shortly');
      if (!res.ok) throw new AppError('transcription_failed', `The speech-to-text service answered ${res.status}`);
      const body = (await res.json().catch(() => null)) as { text?: unknown; language?: unknown } | null;
      if (!body || typeof body.text !== 'string') throw new AppError('transcription_failed', 'The speech-to-text service sent no text');
      return { text: body.text.trim(), language: typeof body.language === 'string' ? normaliseLanguage(body.language) : lang ?? null };
    },
  };
}

// verbose_json names the language ("german"); map the common names back to ISO 639-1.
const NAMES: Record<string, string> = {
  english: 'en', german: 'de', french: 'fr', spanish: 'es', italian: 'it', portuguese: 'pt', dutch: 'nl',
  arabic: 'ar', hebrew: 'he', russian: 'ru', polish: 'pl', turkish: 'tr', japanese: 'ja', chinese: 'zh',
  korean: 'ko', swedish: 'sv', danish: 'da', norwegian: 'no', finnish: 'fi', czech: 'cs', greek: 'el',
  ukrainian: 'uk', hindi: 'hi', indonesian: 'id', vietnamese: 'vi', romanian: 'ro', hungarian: 'hu',
};
function normaliseLanguage(value: string): string {
  const v = value.trim().toLowerCase();
  return NAMES[v] ?? primaryLanguage(v) ?? v;
}
