// Speech-to-text behind one interface (spec 10, voice input; docs/architecture.md section 1: offline by default,
// an OpenAI-compatible Whisper endpoint by config). Implementations only transcribe a decoded or raw
// recording; limits, temp files and retention live in service.ts.
import type { Config } from '../../config.js';
import { createOfflineStt } from './offline.js';
import { createOpenAiStt } from './openai.js';

export interface SttInput {
  /** The recording as uploaded (webm/opus, ogg, mp4, wav …). */
  audio: Buffer;
  mimeType: string;
  /** Path of the same audio decoded to 16 kHz mono 16-bit WAV (made by service.ts with ffmpeg). */
  wavPath: string | null;
  /** A BCP 47 hint from the widget; absent means "detect". */
  language?: string;
}

export interface Transcript {
  text: string;
  /** Language the engine transcribed in (detected or assumed), lower-case primary subtag. */
  language: string | null;
}

export interface SpeechToText {
  readonly name: 'offline' | 'openai';
  /** Primary language subtags this engine handles, or 'auto' when it detects any language (Whisper). */
  readonly languages: readonly string[] | 'auto';
  /** Whether it needs the WAV decode (the offline engine does; Whisper takes the original container). */
  readonly needsWav: boolean;
  transcribe(input: SttInput): Promise<Transcript>;
}

export function createSpeechToText(config: Config): SpeechToText {
  return config.stt ? createOpenAiStt(config.stt) : createOfflineStt();
}

/** `de-DE` → `de`; empty or malformed → undefined. */
export function primaryLanguage(tag: string | undefined | null): string | undefined {
  const m = /^([a-zA-Z]{2,3})(?:[-_][a-zA-Z0-9]{1,8})*$/.exec(tag?.trim() ?? '');
  return m ? m[1]!.toLowerCase() : undefined;
}
