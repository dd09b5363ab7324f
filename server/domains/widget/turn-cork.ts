// Frames written to one WebSocket by one task of the event loop leave in one system call
// (docs/architecture.md section 5). `ws` corks the TCP socket only around one frame's header and
// payload, so every frame is otherwise its own writev, and a socket write costs far more than the
// frame's serialisation (about 60 µs on a small VM). The first frame of a task corks the socket; it
// is uncorked once the task's microtasks have all run (a microtask queues a tick, and Node runs
// ticks queued by microtasks after the microtask queue is empty): e.g. a first message's
// session.tokens and its ack, which an await separates, leave as one. Not later: waiting for the
// check phase (setImmediate) put acks behind the replies queued there and raised the ack p99.
// Order is kept (one stream, written in order); `close()` and `terminate()` end or destroy the socket,
// which flushes or drops what is corked exactly as it would flush or drop what is buffered.
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

export class TurnCork {
  private corked: Duplex | null = null;

  /** Call before each write of a frame to `socket`; it stays corked until this task's microtasks have run. */
  hold(socket: WebSocket): void {
    if (this.corked) return;
    // `ws` keeps the TCP socket on `_socket`; it has no public cork.
    const tcp = (socket as unknown as { _socket?: Duplex })._socket;
    if (!tcp || tcp.destroyed) return;
    this.corked = tcp;
    tcp.cork();
    queueMicrotask(() =>
      process.nextTick(() => {
        this.corked = null;
        tcp.uncork();
      }),
    );
  }
}
