// Cross-instance signals: small "something changed, re-read it" doorbells between Parley processes
// sharing one database (docs/architecture.md section 7). A signal carries ids only; the receiver reads
// the rows from the store, so a signal never has to be the record of anything.
//
// One process (embedded store): an in-process emitter. PostgreSQL: NOTIFY on one channel, received
// on one dedicated LISTEN connection (not from the store's pool: a pooled connection would drop its
// LISTEN when returned). NOTIFY is not durable, so after that connection drops and comes back every
// resync listener runs, and each feed re-reads what it may have missed from the store.
import { EventEmitter } from 'node:events';
import pg from 'pg';

export interface ClusterSignals {
  /** This process's id; signals it published come back from PostgreSQL tagged with it and are skipped. */
  readonly instanceId: string;
  /** False for the in-process signals: nothing to relay (relays that mirror in-process emitters stay off). */
  readonly clustered: boolean;
  /** Delivered to every instance including this one (here at once, synchronously). Throws SignalTooLargeError past the NOTIFY limit. */
  publish(topic: string, payload: Record<string, unknown>): void;
  /** `origin.local`: published by this instance (a relay that mirrors a local emitter skips those). */
  subscribe(topic: string, fn: (payload: any, origin: SignalOrigin) => void): () => void;
  /** Runs after the LISTEN connection came back from a drop: signals published since `lostAt` may be missed. */
  onResync(fn: (info: ResyncInfo) => void): () => void;
  close(): Promise<void>;
}

export interface SignalOrigin {
  local: boolean;
}

export interface ResyncInfo {
  /** When the LISTEN connection was noticed lost (signals after it may be missed). */
  lostAt: number;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; the envelope must fit below it. */
export const MAX_SIGNAL_BYTES = 7999;
const CHANNEL = 'parley_signals';
export const LISTENER_NAME = 'parley-signals';

export class SignalTooLargeError extends Error {
  constructor(topic: string, bytes: number) {
    super(`signal "${topic}" is ${bytes} bytes, over the ${MAX_SIGNAL_BYTES}-byte NOTIFY limit: send ids and let the receiver read the rows`);
  }
}

interface Envelope {
  /** Sender instance. */
  i: string;
  t: string;
  p: Record<string, unknown>;
}

/** Shared by both implementations: local fan-out plus error isolation between subscribers. */
function createFanOut(log: SignalLog) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const safe = (fn: (...args: any[]) => void) => (...args: any[]) => {
    try {
      fn(...args);
    } catch (err) {
      log.error({ err }, 'cluster signal subscriber failed');
    }
  };
  return {
    deliver(topic: string, payload: unknown, origin: SignalOrigin) {
      emitter.emit(`t:${topic}`, payload, origin);
    },
    resync(info: ResyncInfo) {
      emitter.emit('resync', info);
    },
    subscribe(topic: string, fn: (payload: any, origin: SignalOrigin) => void) {
      const wrapped = safe(fn);
      emitter.on(`t:${topic}`, wrapped);
      return () => void emitter.off(`t:${topic}`, wrapped);
    },
    onResync(fn: (info: ResyncInfo) => void) {
      const wrapped = safe(fn);
      emitter.on('resync', wrapped);
      return () => void emitter.off('resync', wrapped);
    },
    clear() {
      emitter.removeAllListeners();
    },
  };
}

export interface SignalLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LOCAL: SignalOrigin = Object.freeze({ local: true });
const REMOTE: SignalOrigin = Object.freeze({ local: false });
const silentLog: SignalLog = { info() {}, warn() {}, error() {} };

function encode(instanceId: string, topic: string, payload: Record<string, unknown>): string {
  const text = JSON.stringify({ i: instanceId, t: topic, p: payload } satisfies Envelope);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_SIGNAL_BYTES) throw new SignalTooLargeError(topic, bytes);
  return text;
}

export function createLocalSignals(options: { log?: SignalLog } = {}): ClusterSignals {
  const fan = createFanOut(options.log ?? silentLog);
  const instanceId = crypto.randomUUID();
  return {
    instanceId,
    clustered: false,
    publish(topic, payload) {
      // The same limit as PostgreSQL, so a payload that would break a cluster fails on a laptop too.
      encode(instanceId, topic, payload);
      fan.deliver(topic, payload, LOCAL);
    },
    subscribe: fan.subscribe,
    onResync: fan.onResync,
    async close() {
      fan.clear();
    },
  };
}

export interface PostgresSignalOptions {
  log?: SignalLog;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the LISTEN connection is pinged, so a silently dead link is noticed. */
  pingMs?: number;
}

export async function createPostgresSignals(url: string, options: PostgresSignalOptions = {}): Promise<ClusterSignals> {
  const log = options.log ?? silentLog;
  const minBackoff = options.minBackoffMs ?? 100;
  const maxBackoff = options.maxBackoffMs ?? 5000;
  const pingMs = options.pingMs ?? 15_000;
  const fan = createFanOut(log);
  const instanceId = crypto.randomUUID();
  let closed = false;
  let listener: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  /** When the link was lost, kept across failed reconnects so resync covers the whole outage. */
  let lostAt: number | null = null;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    let env: Envelope;
    try {
      env = JSON.parse(msg.payload) as Envelope;
    } catch {
      return;
    }
    // Our own signals were delivered locally when published.
    if (env.i === instanceId) return;
    fan.deliver(env.t, env.p, REMOTE);
  };

  async function connectListener(): Promise<void> {
    // Named, so an operator (and a test) can tell it in pg_stat_activity.
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      clearInterval(ping);
      if (listener === client) listener = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (!closed) {
        lostAt ??= Date.now();
        log.warn({ err }, 'cluster signals: LISTEN connection lost, reconnecting');
        scheduleReconnect();
      }
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', onNotification);
    const ping = setInterval(() => {
      client.query('SELECT 1').catch((err: Error) => drop(err));
    }, pingMs);
    ping.unref();
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      drop(err as Error);
      throw err;
    }
    listener = client;
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = Math.min(maxBackoff, minBackoff * 2 ** attempt);
    attempt++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (closed) return;
      connectListener().then(
        () => {
          attempt = 0;
          log.info({}, 'cluster signals: LISTEN connection back, resyncing feeds');
          const info = { lostAt: lostAt ?? Date.now() };
          lostAt = null;
          fan.resync(info);
        },
        // drop() has already scheduled the next attempt.
        () => {},
      );
    }, delay);
    reconnectTimer.unref();
  }

  try {
    await connectListener();
  } catch (err) {
    // No retrying behind the caller's back: startup fails as a store that cannot connect does.
    closed = true;
    clearTimeout(reconnectTimer);
    throw err;
  }

  // One connection for NOTIFY, one at a time: NOTIFYs from one session arrive in the order sent, so
  // a receiver sees seq 5 before seq 6. A failed send is retried with backoff while the store is
  // down; a receiver that lost its own connection meanwhile resyncs anyway.
  const sender = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 30_000 });
  sender.on('error', (err) => log.warn({ err }, 'cluster signals: NOTIFY connection error'));
  const queue: string[] = [];
  let sending: Promise<void> | null = null;

  async function drain() {
    let failures = 0;
    while (queue.length > 0 && !closed) {
      try {
        await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, queue[0]]);
        queue.shift();
        failures = 0;
      } catch (err) {
        failures++;
        if (failures > 8) {
          log.error({ err, dropped: queue.length }, 'cluster signals: NOTIFY failing, signals dropped (other instances resync when their link returns)');
          queue.length = 0;
          break;
        }
        await new Promise((r) => setTimeout(r, Math.min(maxBackoff, minBackoff * 2 ** failures)));
      }
    }
    sending = null;
  }

  return {
    instanceId,
    clustered: true,
    publish(topic, payload) {
      const text = encode(instanceId, topic, payload);
      fan.deliver(topic, payload, LOCAL);
      queue.push(text);
      sending ??= drain();
    },
    subscribe: fan.subscribe,
    onResync: fan.onResync,
    async close() {
      // Signals already queued still go out (a shutdown after a reply must not swallow it).
      if (sending) await Promise.race([sending, new Promise((r) => setTimeout(r, 2000))]);
      closed = true;
      clearTimeout(reconnectTimer);
      fan.clear();
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => {}), sender.end().catch(() => {})]);
    },
  };
}

/** The signals the configuration calls for: PostgreSQL's when DATABASE_URL is set, else in-process. */
export async function openSignals(databaseUrl: string | null | undefined, log?: SignalLog): Promise<ClusterSignals> {
  return databaseUrl ? createPostgresSignals(databaseUrl, { log }) : createLocalSignals({ log });
}
