// Generation streams for SSE (docs/architecture.md section 2): every event of a generation is numbered and kept
// in memory while it runs and for a while after, so a client that lost the connection reconnects with
// `Last-Event-ID: <stream_id>:<n>` and gets the events after n, then the live rest. The generation
// itself does not depend on any connection: it finishes (and stores its message) even if every client
// went away. Kept by the instance running the generation; a reconnect that reaches another instance
// is served from here through cluster/stream-relay.ts.
import { newId } from '../../lib/ids.js';

export interface StreamEvent {
  id: string;
  event: 'start' | 'delta' | 'message' | 'error' | 'done';
  data: string;
}

export interface GenerationStream {
  id: string;
  projectId: string;
  conversationId: string;
  events: StreamEvent[];
  done: boolean;
  /** Aborted when the server shuts down mid-generation. */
  signal: AbortSignal;
  push(event: StreamEvent['event'], data: unknown): void;
  /** Events after `n`, then live ones; returns the unsubscribe function. */
  follow(afterN: number, listener: (e: StreamEvent) => void): () => void;
}

/** How long a finished stream can still be resumed. */
export const RETAIN_MS = 5 * 60_000;

export function formatEvent(e: StreamEvent): string {
  return `id: ${e.id}\nevent: ${e.event}\ndata: ${e.data}\n\n`;
}

export function createStreamRegistry() {
  const streams = new Map<string, GenerationStream>();
  const timers = new Set<NodeJS.Timeout>();
  /** Open SSE responses (their end functions), ended on shutdown. */
  const open = new Set<() => void>();
  const controllers = new WeakMap<GenerationStream, AbortController>();

  function create(projectId: string, conversationId: string): GenerationStream {
    const listeners = new Set<(e: StreamEvent) => void>();
    const controller = new AbortController();
    const stream: GenerationStream = {
      id: newId(),
      projectId,
      conversationId,
      events: [],
      done: false,
      signal: controller.signal,
      push(event, data) {
        if (stream.done) return;
        const e: StreamEvent = { id: `${stream.id}:${stream.events.length + 1}`, event, data: JSON.stringify(data) };
        stream.events.push(e);
        if (event === 'done') {
          stream.done = true;
          const timer = setTimeout(() => {
            streams.delete(stream.id);
            timers.delete(timer);
          }, RETAIN_MS);
          timer.unref();
          timers.add(timer);
        }
        for (const l of listeners) l(e);
        if (stream.done) listeners.clear();
      },
      follow(afterN, listener) {
        for (const e of stream.events.slice(Math.max(0, afterN))) listener(e);
        if (stream.done) return () => {};
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    streams.set(stream.id, stream);
    controllers.set(stream, controller);
    return stream;
  }

  /** Parses `<stream_id>:<n>`; undefined when malformed. */
  function parseLastEventId(value: string): { streamId: string; n: number } | undefined {
    const m = /^([0-9a-f-]{36}):(\d{1,9})$/i.exec(value.trim());
    return m ? { streamId: m[1].toLowerCase(), n: Number(m[2]) } : undefined;
  }

  /** Shutdown: stop unfinished generations (the store is about to close) and end open responses. */
  function endAll() {
    for (const s of streams.values()) if (!s.done) controllers.get(s)?.abort(new Error('server shutting down'));
    for (const end of [...open]) end();
  }

  return {
    create,
    get: (id: string) => streams.get(id),
    parseLastEventId,
    /** Registers an open response; returns the function that forgets it. */
    track(end: () => void): () => void {
      open.add(end);
      return () => open.delete(end);
    },
    endAll,
    close() {
      endAll();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      streams.clear();
    },
  };
}

export type StreamRegistry = ReturnType<typeof createStreamRegistry>;
