// Voice input (spec 10): limits, decoding, transcription and retention around a SpeechToText engine.
// The transcript goes back to the widget's composer; nothing is posted to the conversation here, so
// the visitor can edit it and the agent answers the sent text in text only.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { decodeToWav } from './ffmpeg.js';
import { which } from './run.js';
import { primaryLanguage, type SpeechToText } from './stt.js';

/** 60 s of speech is plenty for a chat question; Opus at ~32 kbit/s makes that ~240 KB. */
export const VOICE_LIMITS = { maxSeconds: 60, maxBytes: 4 * 1024 * 1024 } as const;

/** Containers browsers' MediaRecorder produces (Chromium/Firefox webm or ogg, Safari mp4) and WAV. */
export const VOICE_MIME_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave'] as const;

export interface VoiceRequest {
  projectId: string;
  userId: string;
  conversationId?: string | null;
  audio: Buffer;
  mimeType: string;
  language?: string;
}

export interface VoiceResult {
  text: string;
  language: string | null;
  duration_s: number;
  engine: SpeechToText['name'];
}

export function createVoiceService(deps: { config: Config; stt: SpeechToText }) {
  const { config, stt } = deps;

  function checkLanguage(language: string | undefined) {
    const lang = primaryLanguage(language);
    if (stt.languages !== 'auto' && lang && !stt.languages.includes(lang)) {
      throw new AppError('unsupported_language', `Voice input here understands ${stt.languages.join(', ')} only, not "${language}"`, {
        supported_languages: [...stt.languages],
      });
    }
  }

  async function keep(req: VoiceRequest, ext: string, result: VoiceResult, source: string) {
    const dir = join(config.dataDir, 'voice', req.projectId);
    await mkdir(dir, { recursive: true });
    const id = newId();
    await copyFile(source, join(dir, `${id}.${ext}`));
    const meta = { id, user_id: req.userId, conversation_id: req.conversationId ?? null, mime_type: req.mimeType, ...result, created_at: now() };
    await writeFile(join(dir, `${id}.json`), JSON.stringify(meta) + '\n');
  }

  return {
    limits: VOICE_LIMITS,
    engine: stt.name,
    languages: stt.languages,

    async transcribe(req: VoiceRequest): Promise<VoiceResult> {
      const type = req.mimeType.split(';')[0]!.trim().toLowerCase();
      if (!(VOICE_MIME_TYPES as readonly string[]).includes(type)) {
        throw new AppError('unsupported_media_type', `Send the recording as one of ${VOICE_MIME_TYPES.join(', ')}`);
      }
      if (req.audio.length === 0) throw new AppError('invalid_request', 'The recording is empty');
      if (req.audio.length > VOICE_LIMITS.maxBytes) {
        throw new AppError('payload_too_large', `A recording may be at most ${VOICE_LIMITS.maxBytes} bytes`, { max_bytes: VOICE_LIMITS.maxBytes });
      }
      checkLanguage(req.language);

      const dir = await mkdtemp(join(tmpdir(), 'parley-voice-'));
      try {
        const ext = type.split('/')[1]!.replace(/^(x-)?wave?$/, 'wav');
        const original = join(dir, `input.${ext}`);
        await writeFile(original, req.audio);
        // The WAV gives the true duration. Whisper takes the original, so without ffmpeg the size
        // limit alone bounds the upload; the offline engine cannot work without it.
        let wavPath: string | null = null;
        let durationS = 0;
        if (stt.needsWav || (await which('ffmpeg'))) {
          wavPath = join(dir, 'speech.wav');
          durationS = (await decodeToWav(req.audio, wavPath, VOICE_LIMITS.maxSeconds)).durationS;
          if (durationS > VOICE_LIMITS.maxSeconds) {
            throw new AppError('audio_too_long', `A recording may last at most ${VOICE_LIMITS.maxSeconds} seconds`, {
              max_duration_s: VOICE_LIMITS.maxSeconds,
            });
          }
        }
        const transcript = await stt.transcribe({ audio: req.audio, mimeType: type, wavPath, language: req.language });
        const result: VoiceResult = {
          text: transcript.text,
          language: transcript.language,
          duration_s: Math.round(durationS * 10) / 10,
          engine: stt.name,
        };
        if (config.keepAudio) await keep(req, ext, result, original);
        if (!result.text) throw new AppError('no_speech', 'No speech was recognised in the recording');
        return result;
      } finally {
        // Audio is not kept after transcription unless KEEP_AUDIO is set.
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
