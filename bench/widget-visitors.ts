// Child process of bench:widget: the visitors. They run in their own process so that the server's
// figures (CPU, RSS) are its own. Lean clients (one `ws` socket each, frames parsed once and handed to
// whoever waits for them), driven by the parent over IPC:
//   {cmd: 'idle', base, frame_id, count} → opens `count` sockets, each hello → welcome, and keeps them
//   {cmd: 'close-idle'}                  → closes them
//   {cmd: 'chat', base, frame_id, visitors, messages} → the measured conversation load
// bench:cluster passes `bases` (visitor i talks to bases[i % n], one instance each) and `spread_ips`:
// each visitor connects from its own loopback address (127.1.x.y), because a real server process keeps
// its default per-IP widget limits (60 connections and messages a minute) and every visitor would
// otherwise share 127.0.0.1.
import WebSocket from 'ws';
import { performance } from 'node:perf_hooks';

const QUESTIONS = ['How do I reset my password?', 'Can I change my plan?', 'Where is my invoice?', 'Do you ship abroad?', 'Is there an API?'];

type Frame = { type: string; [k: string]: any };
const WAIT_MS = 60_000;

class Visitor {
  private waiting: { test: (f: Frame) => boolean; resolve: (f: Frame) => void } | null = null;
  private backlog: Frame[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (frame.type === 'message.delta' || frame.type === 'typing') return; // not waited for here
      if (this.waiting?.test(frame)) {
        const { resolve } = this.waiting;
        this.waiting = null;
        resolve(frame);
      } else this.backlog.push(frame);
    });
  }
  static connect(base: string, localAddress?: string): Promise<Visitor> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/v1/widget/ws`, { origin: base, localAddress });
      ws.once('open', () => resolve(new Visitor(ws)));
      ws.once('error', reject);
    });
  }
  send(frame: Frame) {
    this.ws.send(JSON.stringify(frame));
  }
  next(type: string, where: (f: Frame) => boolean = () => true): Promise<Frame> {
    const test = (f: Frame) => {
      if (f.type === 'error') throw new Error(`server error frame: ${JSON.stringify(f)}`);
      return f.type === type && where(f);
    };
    const index = this.backlog.findIndex(test);
    if (index >= 0) return Promise.resolve(this.backlog.splice(index, 1)[0]);
    // A bench must end: a frame that never comes (e.g. no answer because more than 7 messages a
    // minute trip the built-in flooding rule, spec 6, and are blocked as spam) fails it with a reason.
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`no ${type} within ${WAIT_MS / 1000} s (MESSAGES over 7 a minute are blocked as flooding)`));
      }, WAIT_MS);
      this.waiting = { test, resolve: (f) => (clearTimeout(timer), resolve(f)) };
    });
  }
}

async function hello(base: string, frameId: string, localAddress?: string): Promise<{ v: Visitor; ms: number }> {
  const v = await Visitor.connect(base, localAddress);
  const t0 = performance.now();
  v.send({ type: 'session.hello', v: 1, frame_id: frameId });
  await v.next('session.welcome');
  return { v, ms: performance.now() - t0 };
}

const loopback = (i: number) => `127.1.${(i >> 8) & 255}.${i & 255}`;

async function chat(bases: string[], frameId: string, visitors: number, messages: number, spreadIps = false) {
  const samples = { welcome: [] as number[], firstAck: [] as number[], acks: [] as number[], answers: [] as number[] };
  const one = async (i: number) => {
    const { v, ms } = await hello(bases[i % bases.length]!, frameId, spreadIps ? loopback(i) : undefined);
    samples.welcome.push(ms);
    let conversationId: string | undefined;
    for (let k = 0; k < messages; k++) {
      const t0 = performance.now();
      const content = QUESTIONS[(i + k + QUESTIONS.length) % QUESTIONS.length];
      v.send({ type: 'message.send', client_id: `bench-${i}-${k}-xx`, content, ...(conversationId ? { conversation_id: conversationId } : {}) });
      const ack = await v.next('message.ack');
      (k === 0 ? samples.firstAck : samples.acks).push(performance.now() - t0);
      conversationId = ack.conversation.id;
      await v.next('message.created', (f) => f.message.role === 'assistant' && f.seq > ack.message.seq);
      samples.answers.push(performance.now() - t0);
    }
    v.ws.close();
  };
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: visitors }, (_, i) => one(i)));
  const cpu = process.cpuUsage(cpu0);
  return { ...samples, seconds: (performance.now() - start) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 };
}

let idle: Visitor[] = [];
process.on('message', async (msg: any) => {
  try {
    if (msg.cmd === 'idle') {
      for (let i = 0; i < msg.count; i += 50) {
        const batch = await Promise.all(Array.from({ length: Math.min(50, msg.count - i) }, () => hello(msg.base, msg.frame_id)));
        idle.push(...batch.map((b) => b.v));
      }
      process.send!({ done: 'idle', open: idle.length });
    } else if (msg.cmd === 'close-idle') {
      for (const v of idle) v.ws.close();
      idle = [];
      process.send!({ done: 'close-idle' });
    } else if (msg.cmd === 'chat') {
      process.send!({ done: 'chat', result: await chat(msg.bases ?? [msg.base], msg.frame_id, msg.visitors, msg.messages, msg.spread_ips) });
    }
  } catch (err) {
    process.send!({ error: String((err as Error).stack ?? err) });
  }
});
process.send!({ ready: true });
