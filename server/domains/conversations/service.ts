// Conversations and their messages (spec 2.5, 2.6). Messages are immutable and ordered by a
// per-conversation seq. A message is acknowledged (the promise resolves) only after it is durably
// stored; a repeated client_id returns the first message instead of adding a second (docs/architecture.md section 5).
import type { ParleyStore } from '../../store/index.js';
import type {
  Conversation,
  ConversationRecord,
  ConversationStatus,
  Message,
  MessageRole,
  SourceRef,
} from '../../../shared/schemas/entities.js';
import { newId, now } from '../../lib/ids.js';
import { MESSAGE_MAX_LENGTH, charLength } from '../../../shared/limits.js';
import { AppError, invalid, notFound } from '../../errors.js';
import type { ConversationBus } from './events.js';
import type { SimulationPin } from '../../../shared/schemas/simulations.js';
import type { CarriedEvent } from '../../../shared/schemas/entities.js';

/**
 * Webhook events recorded in the same write as the change (server/domains/webhooks/relay.ts): an
 * intent before the write (`begin`; null when no endpoint wants conversation events), the write's
 * events carried in the record (`carry`), then the relay (`end`, which never throws).
 */
export interface ConversationOutbound {
  begin(projectId: string, conversationId: string): Promise<{ readonly id: string; readonly projectId: string } | null>;
  carry(change: { readonly id: string }, before: ConversationRecord | null, after: ConversationRecord, messages: Message[]): CarriedEvent[] | undefined;
  end(change: { readonly id: string; readonly projectId: string }): Promise<void>;
}

/** One file holds a conversation once compacted; the cap bounds that file and its compaction (docs/architecture.md section 7). */
export const MAX_MESSAGES_PER_CONVERSATION = 5000;
export const MAX_MESSAGE_LENGTH = MESSAGE_MAX_LENGTH;

export interface NewMessage {
  role: MessageRole;
  content: string;
  type?: Message['type'];
  client_id?: string | null;
  sources?: SourceRef[];
  labels?: string[];
  offer_handoff?: boolean;
  outcome?: Message['outcome'];
  author?: Message['author'];
  guidance?: Message['guidance'];
  attachments?: Message['attachments'];
}

/** The conversation fields a write may change. */
export type ConversationPatch = Partial<
  Pick<
    Conversation,
    'status' | 'rating' | 'rating_feedback' | 'topic' | 'labels' | 'tags' | 'hidden' | 'spam' | 'operator_active' | 'holder' | 'ai_involvement' | 'user_id' | 'assignee_id' | 'snoozed_until'
  >
>;

export const summary = ({ messages: _m, webhook_events: _w, ...conversation }: ConversationRecord): Conversation => conversation;

export interface CreateInput {
  projectId: string;
  userId: string;
  channelId?: string | null;
  channelType?: string;
  firstMessage?: NewMessage;
  externalId?: string | null;
  /** A simulation's conversation: hidden from lists and metrics, pinned to its target and context. */
  simulation?: SimulationPin;
  /** An id made by the caller (newId()), so documents that name the conversation are written beside it. */
  id?: string;
}

export function createConversationService(store: ParleyStore, bus: ConversationBus, outbound: () => ConversationOutbound | undefined = () => undefined) {
  const conversations = store.collection('conversations');
  /** What else goes with a removed conversation (its files: domains/attachments), run before the record goes. */
  const removers: ((projectId: string, record: ConversationRecord) => Promise<void>)[] = [];

  /**
   * Runs one write between the intent and the relay of its webhook events; `carry` is null without
   * an intent. The events are durable once the write is (in the record, found through the intent),
   * so the relay to the outbox runs after the caller has its answer: it is off the message path.
   */
  async function withEvents<R>(projectId: string, conversationId: string, write: (carry: ConversationOutbound['carry'] | null, change: { id: string }) => Promise<R>): Promise<R> {
    const out = outbound();
    const change = out ? await out.begin(projectId, conversationId) : null;
    if (!out || !change) return write(null, { id: '' });
    try {
      return await write(out.carry, change);
    } finally {
      void out.end(change);
    }
  }

  function checkMessage(input: NewMessage) {
    if (typeof input.content !== 'string' || input.content.trim() === '') {
      throw invalid('message content must not be empty', [{ path: 'content', message: 'must not be empty' }]);
    }
    if (charLength(input.content) > MAX_MESSAGE_LENGTH) {
      throw invalid(`message content exceeds ${MAX_MESSAGE_LENGTH} characters`, [{ path: 'content', message: 'is too long' }]);
    }
  }

  function buildMessage(record: ConversationRecord, input: NewMessage, seq: number): Message {
    return {
      id: newId(),
      conversation_id: record.id,
      seq,
      role: input.role,
      type: input.type ?? 'message',
      content: input.content,
      client_id: input.client_id ?? null,
      sources: input.sources ?? [],
      labels: input.labels ?? [],
      ...(input.offer_handoff ? { offer_handoff: true } : {}),
      ...(input.outcome ? { outcome: input.outcome } : {}),
      ...(input.author ? { author: input.author } : {}),
      ...(input.guidance ? { guidance: input.guidance } : {}),
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
      created_at: now(),
    };
  }

  const service = {
    create: (input: CreateInput): Promise<ConversationRecord> => service.createWith(input, (projectId, record) => conversations.put(projectId, record)),

    /**
     * create() with the write handed to the caller, who stores `record` (as it must be stored, with
     * its webhook events) together with other documents in one Store.transact: the first message of
     * a visitor creates user, session and conversation at once (spec 5.1). `write` resolves once
     * that is durable; the events go out after it, as after create().
     */
    async createWith(input: CreateInput, write: (projectId: string, record: ConversationRecord) => Promise<unknown>): Promise<ConversationRecord> {
      if (input.firstMessage) checkMessage(input.firstMessage);
      const t = now();
      const record: ConversationRecord = {
        id: input.id ?? newId(),
        project_id: input.projectId,
        user_id: input.userId,
        channel_id: input.channelId ?? null,
        channel_type: input.channelType ?? 'api',
        status: 'active',
        ai_involvement: 'autonomous',
        operator_active: false,
        holder: 'ai',
        rating: null,
        rating_feedback: null,
        topic: null,
        labels: [],
        tags: [],
        assignee_id: null,
        external_id: input.externalId ?? null,
        hidden: false,
        spam: false,
        message_count: 0,
        last_seq: 0,
        first_message_at: null,
        last_message_at: null,
        created_at: t,
        updated_at: t,
        messages: [],
        ...(input.simulation ? { hidden: true, channel_type: 'simulation', simulation: input.simulation } : {}),
      };
      if (input.firstMessage) {
        const message = buildMessage(record, input.firstMessage, 1);
        record.messages.push(message);
        Object.assign(record, { message_count: 1, last_seq: 1, first_message_at: t, last_message_at: t });
      }
      await (input.simulation
        ? write(input.projectId, record)
        : withEvents(input.projectId, record.id, (carry, change) => {
            const events = carry?.(change, null, record, record.messages);
            return write(input.projectId, events ? { ...record, webhook_events: events } : record);
          }));
      bus.publish({ type: 'conversation.created', project_id: input.projectId, conversation_id: record.id, conversation: summary(record) });
      for (const message of record.messages) {
        bus.publish({ type: 'message.created', project_id: input.projectId, conversation_id: record.id, seq: message.seq, message });
      }
      return record;
    },

    get: (projectId: string, id: string) => conversations.get(projectId, id),

    async require(projectId: string, id: string): Promise<ConversationRecord> {
      const record = await conversations.get(projectId, id);
      if (!record) throw notFound('conversation');
      return record;
    },

    /** All conversations of a project, oldest first, with messages (callers strip them for lists). */
    list: (projectId: string) => conversations.list(projectId),

    /** Appends a message; idempotent on client_id; resolves after the durable write. */
    async append(projectId: string, conversationId: string, input: NewMessage): Promise<{ message: Message; duplicate: boolean }> {
      checkMessage(input);
      let created: Message | undefined;
      let existing: Message | undefined;
      const updated = await withEvents(projectId, conversationId, (carry, change) => conversations.update(projectId, conversationId, (record) => {
        if (input.client_id) {
          existing = record.messages.find((m) => m.client_id === input.client_id);
          if (existing) return undefined;
        }
        if (record.messages.length >= MAX_MESSAGES_PER_CONVERSATION) {
          throw new AppError('conversation_too_long', `a conversation holds at most ${MAX_MESSAGES_PER_CONVERSATION} messages`);
        }
        const t = now();
        created = buildMessage(record, input, record.last_seq + 1);
        record.messages.push(created);
        record.last_seq = created.seq;
        record.message_count += 1;
        record.first_message_at ??= t;
        record.last_message_at = t;
        record.updated_at = t;
        if (carry) record.webhook_events = carry(change, record, record, [created]);
        return record;
      }));
      if (!updated) throw notFound('conversation');
      if (existing) return { message: existing, duplicate: true };
      const message = created!;
      bus.publish({ type: 'message.created', project_id: projectId, conversation_id: conversationId, seq: message.seq, message });
      return { message, duplicate: false };
    },

    /**
     * One atomic write of a conversation (docs/operators.md "Handover"): `plan` reads the stored
     * record and returns the fields to change and the messages to add, or null for no change. It runs
     * inside the store's update, so a decision ("does the AI still hold it?", "flip the holder with
     * this reply") can never act on a record another write has changed since. Messages are published
     * in order, then the conversation.updated of a field change. A message whose client_id is stored
     * already is not added again (`duplicate` names the stored one).
     */
    async apply(
      projectId: string,
      conversationId: string,
      plan: (record: ConversationRecord) => { set?: ConversationPatch; messages?: NewMessage[] } | null,
    ): Promise<{ record: ConversationRecord; messages: Message[]; duplicate?: Message } | null> {
      let created: Message[] = [];
      let duplicate: Message | undefined;
      let changed = false;
      let previous: ConversationRecord | undefined;
      const updated = await withEvents(projectId, conversationId, (carry, change) => conversations.update(projectId, conversationId, (record) => {
        previous = record;
        const step = plan(record);
        if (!step) return undefined;
        const incoming = step.messages ?? [];
        for (const input of incoming) checkMessage(input);
        const again = incoming.find((m) => m.client_id && record.messages.some((x) => x.client_id === m.client_id));
        if (again) {
          duplicate = record.messages.find((x) => x.client_id === again.client_id);
          return undefined;
        }
        if (record.messages.length + incoming.length > MAX_MESSAGES_PER_CONVERSATION) {
          throw new AppError('conversation_too_long', `a conversation holds at most ${MAX_MESSAGES_PER_CONVERSATION} messages`);
        }
        const t = now();
        const next: ConversationRecord = { ...record, ...step.set, messages: [...record.messages], updated_at: t };
        for (const input of incoming) {
          const message = buildMessage(next, input, next.last_seq + 1);
          next.messages.push(message);
          next.last_seq = message.seq;
          next.message_count += 1;
          next.first_message_at ??= t;
          next.last_message_at = t;
        }
        created = next.messages.slice(record.messages.length);
        changed = Boolean(step.set && Object.keys(step.set).length > 0);
        if (carry) next.webhook_events = carry(change, record, next, created);
        return next;
      }));
      if (!updated) throw notFound('conversation');
      if (duplicate) return { record: updated, messages: [], duplicate };
      if (created.length === 0 && !changed) return null;
      for (const message of created) {
        bus.publish({ type: 'message.created', project_id: projectId, conversation_id: conversationId, seq: message.seq, message });
      }
      if (changed) bus.publish({ type: 'conversation.updated', project_id: projectId, conversation_id: conversationId, conversation: summary(updated), previous: summary(previous!) });
      return { record: updated, messages: created };
    },

    /** Messages after `seq`, for a reconnecting client (docs/architecture.md section 5). */
    async messagesAfter(projectId: string, conversationId: string, seq: number): Promise<Message[]> {
      const record = await conversations.get(projectId, conversationId);
      return record ? record.messages.filter((m) => m.seq > seq) : [];
    },

    /** Changes conversation fields (status, rating, labels, operator, hidden, spam …) and tells listeners. */
    async patch(
      projectId: string,
      conversationId: string,
      patch: ConversationPatch,
    ): Promise<ConversationRecord> {
      let previous: ConversationRecord | undefined;
      const updated = await withEvents(projectId, conversationId, (carry, change) => conversations.update(projectId, conversationId, (record) => {
        previous = record;
        const next: ConversationRecord = { ...record, ...patch, updated_at: now() };
        if (carry) next.webhook_events = carry(change, record, next, []);
        return next;
      }));
      if (!updated) throw notFound('conversation');
      bus.publish({ type: 'conversation.updated', project_id: projectId, conversation_id: conversationId, conversation: summary(updated), previous: summary(previous!) });
      return updated;
    },

    /** Registers what must be deleted with a conversation (its files); runs before the record is removed. */
    onRemove(fn: (projectId: string, record: ConversationRecord) => Promise<void>) {
      removers.push(fn);
    },

    /**
     * Deletes a conversation for good (user erasure, retention): first what hangs on it (onRemove),
     * then the record, so a failure half way leaves the record to retry with, never files nobody
     * can find. False when there was no such conversation.
     */
    async remove(projectId: string, conversationId: string): Promise<boolean> {
      const record = await conversations.get(projectId, conversationId);
      if (!record) return false;
      for (const fn of removers) await fn(projectId, record);
      return conversations.delete(projectId, conversationId);
    },

    setStatus(projectId: string, conversationId: string, status: ConversationStatus) {
      return this.patch(projectId, conversationId, { status });
    },
  };
  return service;
}

export type ConversationService = ReturnType<typeof createConversationService>;
