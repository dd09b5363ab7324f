// Sends due deliveries from the outbox (outbox.ts) in the background: at once when an event is
// stored, and again on a timer for retries, which follow settings.retryScheduleMs. A 2xx answer is
// delivered; anything else (another status, a timeout, a refused address) is a failed attempt. An
// attempt cut short by shutdown is not recorded: the delivery stays due and the next start sends it
// again (same webhook-id), so a restart mid-delivery loses nothing.
import type { ParleyStore } from '../../store/index.js';
import { clock } from '../../lib/clock.js';
import { now } from '../../lib/ids.js';
import { WEBHOOK_TEST_EVENT, type WebhookAttempt } from '../../../shared/schemas/webhooks.js';
import type { EndpointService, StoredWebhookEndpoint } from './endpoints.js';
import type { StoredDelivery } from './outbox.js';
import type { WebhookSettings } from './settings.js';
import { postSigned, type AttemptResult } from './send.js';
import { signedHeaders } from './signing.js';

export interface DelivererDeps {
  store: ParleyStore;
  endpoints: EndpointService;
  settings: WebhookSettings;
  /** Told when an endpoint was disabled for failing too long (the admins' e-mail). */
  onDisabled(endpoint: StoredWebhookEndpoint): Promise<void>;
  log(message: string, err?: unknown): void;
}

/** A claimed attempt's hold beyond its timeout, before the delivery counts as abandoned. */
const CLAIM_MARGIN_MS = 30_000;

export function createDeliverer(deps: DelivererDeps) {
  const { store, endpoints, settings } = deps;
  const deliveries = store.collection('webhook_deliveries');
  const inFlight = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let woken = false;

  const failedNow = (error: string): AttemptResult => ({ status: null, durationMs: 0, error, response: null });

  /**
   * Takes the delivery for one attempt by moving its due time past the attempt, in one serialised
   * update (a locked row on PostgreSQL): another instance on the same database then finds it not
   * due and leaves it, so it is sent once; if this process dies mid-attempt it is simply due again
   * once the claim lapses (docs/architecture.md section 7).
   */
  async function claim(d: StoredDelivery): Promise<StoredDelivery | undefined> {
    let claimed: StoredDelivery | undefined;
    await deliveries.update(d.project_id, d.id, (cur) => {
      if (cur.status !== 'pending' || cur.next_attempt_at === null || Date.parse(cur.next_attempt_at) > clock.now()) return undefined;
      claimed = { ...cur, next_attempt_at: new Date(clock.now() + settings.timeoutMs + CLAIM_MARGIN_MS).toISOString(), claimed_due: cur.next_attempt_at };
      return claimed;
    });
    return claimed;
  }

  const unclaimed = ({ claimed_due: _, ...rest }: StoredDelivery): StoredDelivery => rest;

  /**
   * With one process owning the store (the embedded store), a claim found at start was held by this
   * process's previous run, which died mid-attempt: due again at once rather than when it lapses.
   * Instances sharing a database cannot tell a dead holder from a slow one, so there claims lapse.
   */
  async function releaseClaims(): Promise<void> {
    for (const d of await deliveries.findBy('status', 'pending')) {
      if (d.claimed_due === undefined) continue;
      await deliveries.update(d.project_id, d.id, (cur) => (cur.claimed_due === undefined ? undefined : { ...unclaimed(cur), next_attempt_at: cur.claimed_due }));
    }
  }

  async function attempt(due: StoredDelivery, projectEndpoints: Promise<StoredWebhookEndpoint[]>): Promise<void> {
    const d = await claim(due);
    if (!d) return;
    const endpoint = (await projectEndpoints).find((e) => e.id === d.endpoint_id);
    let result: AttemptResult;
    if (!endpoint) result = failedNow('the endpoint was deleted');
    else if (!endpoint.enabled && d.event_type !== WEBHOOK_TEST_EVENT) result = failedNow('the endpoint is disabled');
    else {
      const headers = signedHeaders(endpoints.secrets(endpoint), d.message_id, Math.floor(clock.now() / 1000), d.body);
      result = await postSigned(endpoint.url, d.body, headers, { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs, signal: stopping.signal });
      if (stopping.signal.aborted) {
        // Cut short by shutdown: due again at once for the next start or another instance.
        await deliveries.update(d.project_id, d.id, (cur) => (cur.next_attempt_at === d.next_attempt_at ? { ...unclaimed(cur), next_attempt_at: due.next_attempt_at } : undefined));
        return;
      }
    }
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const final = !endpoint || (!endpoint.enabled && d.event_type !== WEBHOOK_TEST_EVENT);
    const entry: WebhookAttempt = { at: now(), status: result.status, duration_ms: result.durationMs, error: result.error, response: result.response };
    await deliveries.update(d.project_id, d.id, (stored) => {
      const cur = unclaimed(stored);
      const attempts = [...cur.attempts, entry];
      // The schedule counts the attempts since the delivery was last queued, so a replay retries in full.
      const wait = settings.retryScheduleMs[attempts.length - (cur.round_start ?? 0) - 1];
      if (ok) return { ...cur, attempts, status: 'delivered', next_attempt_at: null, delivered_at: entry.at };
      if (final || wait === undefined) return { ...cur, attempts, status: 'failed', next_attempt_at: null };
      return { ...cur, attempts, next_attempt_at: new Date(clock.now() + wait).toISOString() };
    });
    // A success on an endpoint that was not failing changes nothing: no write.
    if (!endpoint || (ok && !endpoint.failing_since)) return;
    const disabled = await endpoints.recordOutcome(d.project_id, endpoint.id, ok);
    if (disabled) await deps.onDisabled(disabled).catch((err) => deps.log('webhook: the disabled-endpoint notice failed', err));
  }

  /** Sends every delivery due now (at most settings.concurrency at once) and resolves when they are recorded. */
  async function deliverDue(): Promise<number> {
    if (stopping.signal.aborted) return 0;
    const due = (await deliveries.findBy('status', 'pending'))
      .filter((d) => !inFlight.has(d.id) && d.next_attempt_at !== null && Date.parse(d.next_attempt_at) <= clock.now())
      .sort((a, b) => (a.next_attempt_at! < b.next_attempt_at! ? -1 : 1));
    // The endpoints of each project read once per pass, not once per delivery (a change made during
    // a pass applies from the next one; a rotated-out secret still signs for a day meanwhile).
    const byProject = new Map<string, Promise<StoredWebhookEndpoint[]>>();
    const endpointsOf = (projectId: string) => {
      if (!byProject.has(projectId)) byProject.set(projectId, endpoints.listStored(projectId));
      return byProject.get(projectId)!;
    };
    let next = 0;
    const worker = async () => {
      while (next < due.length && !stopping.signal.aborted) {
        const d = due[next++];
        if (inFlight.has(d.id)) continue;
        const run = attempt(d, endpointsOf(d.project_id))
          .catch((err) => deps.log(`webhook: delivery ${d.id} could not be recorded`, err))
          .finally(() => inFlight.delete(d.id));
        inFlight.set(d.id, run);
        await run;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, worker));
    // A due delivery another pass had in flight is waited for too, so the caller sees every outcome.
    await Promise.allSettled([...inFlight.values()]);
    return due.length;
  }

  // One background pass at a time: a wake during a pass asks for one more pass after it, instead of
  // a pass per event each reading every pending delivery (quadratic under a burst of events).
  let running = false;
  let again = false;
  async function loop(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await deliverDue().catch((err) => deps.log('webhook: a delivery pass failed', err));
      } while (again && !stopping.signal.aborted);
    } finally {
      running = false;
    }
  }

  function wake(): void {
    if (woken || stopping.signal.aborted) return;
    woken = true;
    setImmediate(() => {
      woken = false;
      void loop();
    });
  }

  /** Drops finished deliveries past settings.keepLogMs, so the log (and the store) stays bounded. */
  async function prune(): Promise<number> {
    const before = clock.now() - settings.keepLogMs;
    let removed = 0;
    for (const scope of await deliveries.scopes()) {
      for (const d of await deliveries.list(scope)) {
        if (d.status !== 'pending' && Date.parse(d.created_at) < before && (await deliveries.delete(scope, d.id))) removed++;
      }
    }
    return removed;
  }

  return {
    deliverDue,
    wake,
    prune,
    /** `ownsStore`: this process alone uses the store (no other instance's claims to respect). */
    start(ownsStore = false): void {
      const tick = () => {
        timer = setTimeout(() => void loop().finally(() => {
          if (!stopping.signal.aborted) tick();
        }), settings.pollMs);
        timer.unref();
      };
      tick();
      if (ownsStore) void releaseClaims().catch((err) => deps.log('webhook: releasing claims of the last run failed', err)).finally(wake);
      else wake();
      const pruning = setInterval(() => void prune().catch((err) => deps.log('webhook: pruning the log failed', err)), 60 * 60_000);
      pruning.unref();
      stopping.signal.addEventListener('abort', () => clearInterval(pruning));
    },
    /** Cuts attempts in flight short (they stay due) and waits for them to settle. */
    async stop(): Promise<void> {
      stopping.abort();
      if (timer) clearTimeout(timer);
      await Promise.allSettled(inFlight.values());
    },
  };
}

export type Deliverer = ReturnType<typeof createDeliverer>;
