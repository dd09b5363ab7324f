// The microphone control of the composer (spec 10): record → stop (or cancel) → the server
// transcribes → the transcript lands in the message box for the visitor to edit or send. Typing
// stays available throughout; nothing is sent without the visitor pressing Send. What happened (an
// error, "transcript ready") goes to the composer's notice line (onNotice), which never covers controls.
import { useEffect, useRef, useState } from 'preact/hooks';
import { strings } from '../strings.js';
import { startRecording, VoiceError, MAX_RECORDING_MS, type RecorderHandle, type Recording, type TranscriptResult } from '../../platform/voice.js';

type Phase = { kind: 'idle' } | { kind: 'recording'; elapsed: number; level: number } | { kind: 'transcribing' };

export interface VoiceButtonProps {
  transcribe(recording: Recording): Promise<TranscriptResult>;
  onTranscript(text: string): void;
  /** A message for the visitor (null clears it); `busy` while transcribing (it must not time out). */
  onNotice(text: string | null, busy?: boolean): void;
}

const SERVER_LIMIT_S = 60;

function messageFor(err: unknown): string | null {
  const code = err instanceof VoiceError ? err.code : 'transcription_failed';
  switch (code) {
    case 'cancelled':
      return null;
    case 'unsupported_browser':
      return strings.voiceUnsupported;
    case 'no_microphone':
      return strings.voiceNoMicrophone;
    case 'permission_denied':
      return strings.voicePermissionDenied;
    case 'too_long':
    case 'audio_too_long':
    case 'payload_too_large':
      return strings.voiceTooLong(SERVER_LIMIT_S);
    case 'no_speech':
      return strings.voiceNoSpeech;
    case 'unsupported_language':
      return strings.voiceUnsupportedLanguage;
    default:
      return strings.voiceFailed;
  }
}

export function VoiceButton(props: VoiceButtonProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const setNotice = (text: string | null) => props.onNotice(text);
  const handle = useRef<RecorderHandle | null>(null);
  const startBtn = useRef<HTMLButtonElement>(null);
  const stopBtn = useRef<HTMLButtonElement>(null);

  // Leaving the panel (unmount) must release the microphone.
  useEffect(() => () => handle.current?.cancel(), []);
  useEffect(() => {
    if (phase.kind === 'recording') stopBtn.current?.focus();
  }, [phase.kind === 'recording']);

  async function finish(recording: Promise<Recording>) {
    handle.current = null;
    try {
      const rec = await recording;
      setPhase({ kind: 'transcribing' });
      props.onNotice(strings.voiceTranscribing, true);
      const result = await props.transcribe(rec);
      props.onTranscript(result.text);
      setNotice(rec.truncated ? strings.voiceTooLong(SERVER_LIMIT_S) : strings.voiceReady);
    } catch (err) {
      setNotice(messageFor(err));
      startBtn.current?.focus();
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  async function start() {
    setNotice(null);
    try {
      const h = await startRecording({
        maxMs: MAX_RECORDING_MS,
        onTick: (elapsed) => setPhase((p) => (p.kind === 'recording' ? { ...p, elapsed } : p)),
        onLevel: (level) => setPhase((p) => (p.kind === 'recording' ? { ...p, level } : p)),
        onLimit: () => void finish(h.stop()),
      });
      handle.current = h;
      setPhase({ kind: 'recording', elapsed: 0, level: 0 });
    } catch (err) {
      setNotice(messageFor(err));
    }
  }

  const seconds = phase.kind === 'recording' ? Math.floor(phase.elapsed / 1000) : 0;
  return (
    <div class="voice" data-phase={phase.kind}>
      {phase.kind === 'recording' ? (
        <>
          <button type="button" class="icon-btn voice-cancel" aria-label={strings.voiceCancel} onClick={() => {
            handle.current?.cancel();
            handle.current = null;
            setPhase({ kind: 'idle' });
            startBtn.current?.focus();
          }}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round" /></svg>
          </button>
          <span class="voice-time">{strings.voiceRecording(seconds)}</span>
          <span class="voice-level" role="meter" aria-label={strings.voiceLevel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(phase.level * 100)}>
            <span class="voice-level-bar" style={{ transform: `scaleX(${phase.level.toFixed(2)})` }} />
          </span>
          <button type="button" ref={stopBtn} class="icon-btn voice-stop" aria-label={strings.voiceStop} onClick={() => handle.current && void finish(handle.current.stop())}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" /></svg>
          </button>
        </>
      ) : (
        <button
          type="button"
          ref={startBtn}
          class="icon-btn voice-start"
          aria-label={phase.kind === 'transcribing' ? strings.voiceTranscribing : strings.voiceStart}
          aria-busy={phase.kind === 'transcribing'}
          disabled={phase.kind === 'transcribing'}
          onClick={() => void start()}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2z" fill="currentColor" />
          </svg>
        </button>
      )}
    </div>
  );
}
