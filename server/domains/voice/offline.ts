// The offline default recogniser (docs/architecture.md section 1): CMU PocketSphinx from Debian
// (`pocketsphinx` + `pocketsphinx-en-us`) over a 16 kHz mono WAV. It knows US English only, so any
// other requested language is refused with `unsupported_language` rather than transcribed badly.
import { AppError } from '../../errors.js';
import { createGate, run, which } from './run.js';
import { primaryLanguage, type SpeechToText } from './stt.js';

const gate = createGate(1); // 2 shared cores: one recognition at a time per process.

export function createOfflineStt(): SpeechToText {
  return {
    name: 'offline',
    languages: ['en'],
    needsWav: true,
    async transcribe({ wavPath, language }) {
      const lang = primaryLanguage(language);
      if (lang && lang !== 'en') {
        throw new AppError('unsupported_language', `The offline recogniser understands English only, not "${language}"`, {
          supported_languages: ['en'],
        });
      }
      const bin = await which('pocketsphinx_continuous');
      if (!bin) {
        throw new AppError('stt_unavailable', 'Offline voice input needs the Debian packages pocketsphinx and pocketsphinx-en-us');
      }
      if (!wavPath) throw new AppError('transcription_failed', 'No decoded audio to transcribe');
      const result = await gate(() => run(bin, ['-infile', wavPath, '-logfn', '/dev/null'], { timeoutMs: 60_000 }));
      if (result.code !== 0 || result.timedOut) {
        throw new AppError('transcription_failed', 'The speech recogniser failed on this recording');
      }
      // One hypothesis line per utterance.
      const text = result.stdout
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
      return { text, language: 'en' };
    },
  };
}
