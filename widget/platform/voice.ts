// Voice input, browser side (spec 10; docs/architecture.md section 8: only platform/ touches media
// APIs). Records the microphone with MediaRecorder in a container this browser supports, reports a
// level for the meter and the elapsed time, stops by itself at the length limit, and uploads the
// recording to BASE_URL/v1/widget/voice with the visitor's gateway tokens.

export type VoiceErrorCode =
  | 'unsupported_browser'
  | 'no_microphone'
  | 'permission_denied'
  | 'recording_failed'
  | 'too_long'
  | 'upload_failed'
  // server codes passed through (shared/errors.ts)
  | 'unsupported_language'
  | 'no_speech'
  | 'transcription_failed'
  | 'stt_unavailable'
  | 'audio_too_long'
  | 'payload_too_large'
  | 'rate_limit_exceeded'
  | 'unauthorized';

export class VoiceError extends Error {
  constructor(
    readonly code: VoiceErrorCode | string,
    message: string,
  ) {
    super(message);
    this.name = 'VoiceError';
  }
}

/** The server's limit is 60 s; stopping a little earlier leaves room for container overhead. */
export const MAX_RECORDING_MS = 58_000;

/** In order of preference: Opus in WebM (Chromium, Firefox), Opus in Ogg, AAC in MP4 (Safari). */
const CONTAINERS = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

export function pickMimeType(): string | null {
  const MR = (globalThis as { MediaRecorder?: typeof MediaRecorder }).MediaRecorder;
  if (!MR) return null;
  if (typeof MR.isTypeSupported !== 'function') return '';
  return CONTAINERS.find((t) => MR.isTypeSupported(t)) ?? '';
}

/** getUserMedia needs a secure context; MediaRecorder is missing in some embedded browsers. */
export function voiceSupported(): boolean {
  return globalThis.isSecureContext !== false && typeof navigator.mediaDevices?.getUserMedia === 'function' && pickMimeType() !== null;
}

export interface Recording {
  blob: Blob;
  mimeType: string;
  durationMs: number;
  /** Stopped by the length limit rather than by the visitor. */
  truncated: boolean;
}

export interface RecorderHandle {
  /** Ends the recording and resolves with it. */
  stop(): Promise<Recording>;
  /** Ends it and throws the audio away. */
  cancel(): void;
}

export interface RecordOptions {
  maxMs?: number;
  /** 0..1 about 15 times a second, for the level meter. */
  onLevel?(level: number): void;
  onTick?(elapsedMs: number): void;
  /** The limit was reached; `stop()` resolves with the truncated recording. */
  onLimit?(): void;
}

function mapGetUserMediaError(err: unknown): VoiceError {
  const name = (err as { name?: string })?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return new VoiceError('permission_denied', 'Microphone access was denied');
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return new VoiceError('no_microphone', 'No microphone is available');
  }
  if (name === 'TypeError') return new VoiceError('unsupported_browser', 'This page cannot use the microphone');
  return new VoiceError('recording_failed', 'The microphone could not be started');
}

export async function startRecording(options: RecordOptions = {}): Promise<RecorderHandle> {
  const mimeType = pickMimeType();
  if (!navigator.mediaDevices?.getUserMedia || mimeType === null) {
    throw new VoiceError('unsupported_browser', 'Voice recording is not supported in this browser');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 } });
  } catch (err) {
    throw mapGetUserMediaError(err);
  }
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 32_000 } : undefined);
  } catch {
    for (const t of stream.getTracks()) t.stop();
    throw new VoiceError('unsupported_browser', 'This browser cannot record audio');
  }

  const chunks: Blob[] = [];
  const started = Date.now();
  let truncated = false;
  let cancelled = false;
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const finished = new Promise<Recording>((resolve, reject) => {
    recorder.onstop = () => {
      cleanup();
      if (cancelled) return reject(new VoiceError('cancelled', 'Recording cancelled'));
      const type = recorder.mimeType || mimeType || 'audio/webm';
      resolve({ blob: new Blob(chunks, { type }), mimeType: type, durationMs: Date.now() - started, truncated });
    };
    recorder.onerror = () => {
      cleanup();
      reject(new VoiceError('recording_failed', 'Recording failed'));
    };
  });
  finished.catch(() => {}); // a cancelled recording's promise may have no reader

  // Level meter: RMS of the waveform from an AnalyserNode; it never touches the recording.
  const AudioCtx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  let audio: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  try {
    if (AudioCtx && options.onLevel) {
      audio = new AudioCtx();
      analyser = audio.createAnalyser();
      analyser.fftSize = 512;
      audio.createMediaStreamSource(stream).connect(analyser);
    }
  } catch {
    analyser = null;
  }
  const samples = new Uint8Array(analyser?.fftSize ?? 0);
  const maxMs = options.maxMs ?? MAX_RECORDING_MS;
  const timer = setInterval(() => {
    const elapsed = Date.now() - started;
    options.onTick?.(elapsed);
    if (analyser) {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      options.onLevel?.(Math.min(1, Math.sqrt(sum / samples.length) * 3));
    }
    if (elapsed >= maxMs && recorder.state === 'recording') {
      truncated = true;
      recorder.stop();
      options.onLimit?.();
    }
  }, 66);

  function cleanup() {
    clearInterval(timer);
    for (const t of stream.getTracks()) t.stop();
    void audio?.close().catch(() => {});
  }

  recorder.start(250);
  return {
    stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      return finished;
    },
    cancel() {
      cancelled = true;
      if (recorder.state !== 'inactive') recorder.stop();
      else cleanup();
    },
  };
}

export interface UploadOptions {
  baseUrl: string;
  frameId: string;
  deviceToken: string;
  sessionToken?: string;
  language?: string;
  conversationId?: string;
  signal?: AbortSignal;
}

export interface TranscriptResult {
  text: string;
  language: string | null;
}

/** Sends a recording for transcription; a server error keeps its stable code (shared/errors.ts). */
export async function transcribe(recording: Pick<Recording, 'blob' | 'mimeType'>, o: UploadOptions): Promise<TranscriptResult> {
  const q = new URLSearchParams({ frame_id: o.frameId });
  if (o.language) q.set('language', o.language);
  if (o.conversationId) q.set('conversation_id', o.conversationId);
  const headers: Record<string, string> = { 'content-type': recording.mimeType || 'audio/webm', 'x-parley-device': o.deviceToken };
  if (o.sessionToken) headers['x-parley-session'] = o.sessionToken;
  let res: Response;
  try {
    res = await fetch(`${o.baseUrl}/v1/widget/voice?${q}`, { method: 'POST', headers, body: recording.blob, signal: o.signal, credentials: 'omit' });
  } catch {
    throw new VoiceError('upload_failed', 'The recording could not be sent');
  }
  const body = (await res.json().catch(() => null)) as { text?: string; language?: string | null; error?: string; message?: string } | null;
  if (!res.ok || !body || typeof body.text !== 'string') {
    throw new VoiceError(body?.error ?? 'transcription_failed', body?.message ?? `Transcription failed (${res.status})`);
  }
  return { text: body.text, language: body.language ?? null };
}
