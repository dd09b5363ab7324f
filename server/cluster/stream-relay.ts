// SSE generation streams resumed on another instance (docs/architecture.md section 7). A generation's
// events live in the memory of the instance running it (conversations-api/streams.ts). A reconnect
// with `Last-Event-ID` that reaches another instance asks the cluster for the stream; the instance
// that has it relays the events after that number, and the asker serves them under the same ids, so
// a further reconnect to either instance goes on from there. Relayed only on request: a generation
// nobody resumes elsewhere costs no signal.
//
// The final `message` event travels as the message's id and is read from the store (with the sources
// it stored); other events' data is small text, split into parts under the NOTIFY limit.
import type { AppContext } from '../context.js';
import type { GenerationStream, StreamEvent, StreamRegistry } from '../domains/conversations-api/streams.js';

const FOLLOW = 'sse.follow';
const EVENT = 'sse.event';
/** Characters of event data per signal: at most 3 bytes each in UTF-8, well under the limit. */
const PART_CHARS = 2000;
/** How long the asker waits for the instance that has the stream to answer. */
export const FOLLOW_TIMEOUT_MS = 2000;

interface RelayedEvent {
  s: string;
  p: string;
  c: string;
  /** Event number in the stream, event name, part k of parts. */
  n: number;
  e: StreamEvent['event'];
  k: number;
  of: number;
  d?: string;
  /** For `message`: the stored message's id. */
  m?: string;
}

export function createStreamRelay(ctx: AppContext, registry: StreamRegistry) {
  const { signals } = ctx;
  /** Streams another instance runs, mirrored here while someone follows them. */
  const mirrors = new Map<string, ReturnType<typeof mirrorStream>>();
  const stops: (() => void)[] = [];

  function mirrorStream(id: string, projectId: string, conversationId: string, afterN: number) {
    const events = new Map<number, StreamEvent>();
    const parts = new Map<number, string[]>();
    const listeners = new Set<(e: StreamEvent) => void>();
    /** The next event number to release: events arrive in order, but a message is read from the store first. */
    let next = afterN + 1;
    const stream: GenerationStream = {
      id,
      projectId,
      conversationId,
      events: [],
      done: false,
      signal: new AbortController().signal,
      push() {},
      follow(afterN, listener) {
        for (const [n, e] of [...events].sort((a, b) => a[0] - b[0])) if (n > afterN && n < next) listener(e);
        if (stream.done) return () => {};
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    /** Adds event n once all its parts are in, and releases every complete event in order. */
    const add = (n: number, e: StreamEvent) => {
      if (events.has(n)) return;
      events.set(n, e);
      while (events.has(next)) {
        const ready = events.get(next)!;
        for (const l of listeners) l(ready);
        if (ready.event === 'done') {
          stream.done = true;
          listeners.clear();
          setTimeout(() => mirrors.delete(id), 60_000).unref();
        }
        next++;
      }
    };
    return { stream, add, parts };
  }

  async function received(r: RelayedEvent) {
    const mirror = mirrors.get(r.s);
    // Only the stream asked for, in the project and conversation the request named.
    if (!mirror || mirror.stream.projectId !== r.p || mirror.stream.conversationId !== r.c || !Number.isInteger(r.n)) return;
    let data: string;
    if (r.e === 'message' && r.m) {
      const record = await ctx.services.conversations.get(r.p, r.c);
      const message = record?.messages.find((m) => m.id === r.m);
      if (!message) return;
      data = JSON.stringify({ message, sources: message.sources });
    } else {
      const held = mirror.parts.get(r.n) ?? [];
      held[r.k] = r.d ?? '';
      mirror.parts.set(r.n, held);
      if (held.filter((x) => x !== undefined).length < r.of) return;
      mirror.parts.delete(r.n);
      data = held.join('');
    }
    mirror.add(r.n, { id: `${r.s}:${r.n}`, event: r.e, data });
  }

  /** On the instance that runs the stream: relay its events after n to whoever asked. */
  function relay(s: string, afterN: number) {
    const stream = registry.get(s);
    if (!stream) return;
    const stop = stream.follow(afterN, (e) => {
      const n = Number(e.id.slice(e.id.lastIndexOf(':') + 1));
      const base = { s, p: stream.projectId, c: stream.conversationId, n, e: e.event };
      if (e.event === 'message') {
        const id = (JSON.parse(e.data) as { message?: { id?: string } }).message?.id;
        if (id) return void signals.publish(EVENT, { ...base, k: 0, of: 1, m: id });
      }
      const of = Math.max(1, Math.ceil(e.data.length / PART_CHARS));
      for (let k = 0; k < of; k++) signals.publish(EVENT, { ...base, k, of, d: e.data.slice(k * PART_CHARS, (k + 1) * PART_CHARS) });
      if (e.event === 'done') queueMicrotask(() => stop());
    });
  }

  if (signals.clustered) {
    stops.push(
      signals.subscribe(FOLLOW, (p: { s?: unknown; n?: unknown }, origin) => {
        if (!origin.local && typeof p?.s === 'string' && typeof p.n === 'number') relay(p.s, p.n);
      }),
      signals.subscribe(EVENT, (r: RelayedEvent, origin) => {
        if (!origin.local && typeof r?.s === 'string') void received(r).catch(() => undefined);
      }),
    );
  }

  return {
    /**
     * A stream this instance does not have: asks the cluster, resolves with a mirror once the instance
     * running it answers, or undefined (then it is unknown everywhere, or too old).
     */
    async follow(streamId: string, afterN: number, projectId: string, conversationId: string): Promise<GenerationStream | undefined> {
      if (!signals.clustered) return undefined;
      let mirror = mirrors.get(streamId);
      if (!mirror) mirrors.set(streamId, (mirror = mirrorStream(streamId, projectId, conversationId, afterN)));
      signals.publish(FOLLOW, { s: streamId, n: afterN });
      const deadline = Date.now() + FOLLOW_TIMEOUT_MS;
      const m = mirror;
      // Answered when the first relayed event arrived.
      while (!hasAfter(m.stream, afterN)) {
        if (Date.now() > deadline) {
          if (mirrors.get(streamId) === m && !hasAfter(m.stream, afterN)) mirrors.delete(streamId);
          return undefined;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      return m.stream;
    },
    close() {
      stops.splice(0).forEach((stop) => stop());
      mirrors.clear();
    },
  };
}

function hasAfter(stream: GenerationStream, afterN: number): boolean {
  let found = false;
  const stop = stream.follow(afterN, () => (found = true));
  stop();
  return found;
}

export type StreamRelay = ReturnType<typeof createStreamRelay>;
