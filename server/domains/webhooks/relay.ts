// How an event survives a crash between a change and its event (docs/api.md "Webhooks"). Most
// changes are single-document writes (Store.transact is kept for the acts the spec needs whole), so
// the order of the writes carries the guarantee:
//
//   1. an intent naming the document about to change is stored (durable) BEFORE the change;
//   2. the change is written; a conversation's events go into that same write, in the document
//      itself (`webhook_events`), because they are only known inside the write (conversations/
//      service.ts computes them from the record before and after); other sources know their events
//      up front and the intent holds them, with fields the changed document will then show;
//   3. the relay turns the change's events into deliveries, then deletes the intent.
//
// A crash before 2 leaves an intent whose change never landed: the check below finds no carried
// event (or fields that do not match) and drops it. A crash after 2 leaves an intent whose change
// did land: the recovery pass relays it after the restart. So an acknowledged change always has its
// events stored, and an event never goes out for a change that did not happen. Carrying every event
// in the changed document alone would need a scan of every conversation after a crash to find them;
// the intents are found through the deliveries' status index instead.
//
// Deliveries get ids derived from the event and the endpoint, so relaying the same change twice
// (this instance and a recovery pass elsewhere) stores each delivery once.
import { createHash } from 'node:crypto';
import type { ParleyStore } from '../../store/index.js';
import type { Collections } from '../../store/collections.js';
import type { Collection } from '../../store/types.js';
import { clock } from '../../lib/clock.js';
import { newId, now } from '../../lib/ids.js';
import type { WebhookEventType } from '../../../shared/schemas/webhooks.js';
import type { CarriedEvent } from '../../../shared/schemas/entities.js';
import type { Outbox } from './outbox.js';

export type { CarriedEvent };

/** One event as it will be sent: `timestamp` is when the change happened. */
export interface PendingEvent {
  id: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  at: string;
}

/** Where to look after a crash to tell whether the change landed. */
export interface ChangeCheck {
  collection: keyof Collections & string;
  scope: string;
  id: string;
  /** Top-level fields the document shows once the change landed (events held by the intent). */
  fields?: Record<string, unknown>;
}

interface Intent {
  id: string;
  /** The deliveries' status index finds intents without a scan; no delivery has this status. */
  status: 'relay';
  project_id: string;
  check: ChangeCheck;
  /** Known up front; absent when the changed document carries them (conversations). */
  events?: PendingEvent[];
  created_at: string;
}

export interface Change {
  readonly id: string;
  readonly projectId: string;
}

/** Carried events a document keeps at most: the relay normally takes them within milliseconds. */
export const MAX_CARRIED_EVENTS = 16;

export function createRelay(store: ParleyStore, outbox: Outbox, log: (message: string, err?: unknown) => void, graceMs = 10_000) {
  // Intents live beside the deliveries for the status index; they never carry an endpoint, so the
  // delivery log (listed per endpoint) and the deliverer (status 'pending') never see them.
  const intents = store.collection('webhook_deliveries') as unknown as Collection<Intent>;
  const bootedAt = clock.now();
  /** Changes this instance relayed: their carried events may leave the document at its next write. */
  const relayed = new Set<string>();

  function eventsOf(check: ChangeCheck, changeId: string, doc: Record<string, unknown> | undefined, held?: PendingEvent[]): PendingEvent[] | null {
    if (!doc) return null;
    if (held) {
      const landed = Object.entries(check.fields ?? {}).every(([k, v]) => JSON.stringify(doc[k]) === JSON.stringify(v));
      return landed ? held : null;
    }
    const carried = (doc.webhook_events as CarriedEvent[] | undefined) ?? [];
    return carried.filter((e) => e.change === changeId).map(({ change: _c, ...e }) => e as PendingEvent);
  }

  async function release(intent: Intent, recovering: boolean): Promise<number> {
    const doc = await (store.collection(intent.check.collection) as unknown as Collection<Record<string, unknown> & { id: string }>).get(intent.check.scope, intent.check.id);
    const events = eventsOf(intent.check, intent.id, doc, intent.events) ?? [];
    for (const event of events) await outbox.enqueueEvent(intent.project_id, event, deliveryId, recovering);
    await intents.delete(intent.project_id, intent.id);
    relayed.add(intent.id);
    if (relayed.size > 10_000) relayed.clear();
    return events.length;
  }

  return {
    /** Step 1: the intent, durable before the caller writes its change. */
    async begin(projectId: string, check: ChangeCheck, events?: PendingEvent[]): Promise<Change> {
      const intent: Intent = { id: newId(), status: 'relay', project_id: projectId, check, ...(events ? { events } : {}), created_at: now() };
      await intents.put(projectId, intent);
      return { id: intent.id, projectId };
    },

    /** Step 3, after the change's write settled (landed or not): stores its deliveries. Never throws. */
    async end(change: Change): Promise<void> {
      try {
        const intent = await intents.get(change.projectId, change.id);
        if (intent) await release(intent, false);
      } catch (err) {
        // The intent stays: the recovery pass tries again.
        log('webhook: the events of a change could not be stored yet', err);
      }
    },

    /**
     * The document's carried events for a write (conversations): the new ones tagged with the
     * change, older ones this instance already relayed left out, at most MAX_CARRIED_EVENTS kept.
     */
    carry(previous: CarriedEvent[] | undefined, change: { readonly id: string }, events: Omit<PendingEvent, 'id' | 'at'>[], at: string): CarriedEvent[] | undefined {
      const kept = (previous ?? []).filter((e) => !relayed.has(e.change));
      const added = events.map((e) => ({ ...e, id: newId(), at, change: change.id }));
      const all = [...kept, ...added].slice(-MAX_CARRIED_EVENTS);
      return all.length > 0 ? all : undefined;
    },

    /**
     * Intents a crashed run left: those made before this start at once, others once older than
     * graceMs (another instance may still be writing their change). Returns the events stored.
     */
    async recover(): Promise<number> {
      const before = Math.max(bootedAt, clock.now() - graceMs);
      const stale = (await intents.findBy('status', 'relay')).filter((i) => Date.parse(i.created_at) < before);
      let stored = 0;
      for (const intent of stale) stored += await release(intent, true);
      if (stored > 0) log(`webhook: ${stored} event(s) of changes made before a restart were stored`);
      return stored;
    },
  };
}

/** The same delivery id for the same event and endpoint, still time-ordered (the event's UUIDv7 prefix). */
export function deliveryId(eventId: string, endpointId: string): string {
  return eventId.slice(0, 24) + createHash('sha256').update(`${eventId}/${endpointId}`).digest('hex').slice(0, 12);
}

export type Relay = ReturnType<typeof createRelay>;
