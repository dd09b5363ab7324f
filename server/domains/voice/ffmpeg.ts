// Decoding any browser recording (webm/opus, ogg/opus, mp4/aac, wav) to 16 kHz mono 16-bit PCM WAV
// with Debian's ffmpeg. The WAV's size gives the exact duration, which enforces the length limit
// whatever the browser claimed.
import { stat } from 'node:fs/promises';
import { AppError } from '../../errors.js';
import { run, which } from './run.js';

export const WAV_BYTES_PER_SECOND = 16000 * 2;
const WAV_HEADER = 44;

/** Decodes `input` into `wavPath`; reads at most `maxSeconds + 1` seconds so a huge file costs little. */
export async function decodeToWav(input: Buffer, wavPath: string, maxSeconds: number): Promise<{ durationS: number }> {
  const ffmpeg = await which('ffmpeg');
  if (!ffmpeg) throw new AppError('stt_unavailable', 'Voice input needs ffmpeg on the server (Debian package "ffmpeg")');
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', 'pipe:0', '-t', String(maxSeconds + 1)];
  args.push('-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', '-y', wavPath);
  const result = await run(ffmpeg, args, { timeoutMs: 30_000, stdin: input });
  if (result.code !== 0) {
    throw new AppError('unsupported_media_type', 'The recording could not be decoded as audio', { reason: 'undecodable_audio' });
  }
  const { size } = await stat(wavPath);
  return { durationS: Math.max(0, size - WAV_HEADER) / WAV_BYTES_PER_SECOND };
}
