// The handover state machine (docs/operators.md "Handover"): who holds a
// conversation — the AI, the queue (waiting for a person) or a person of the team — kept apart from
// its status, and changed only here, by every path: widget frames, the operator API and console, the
// agent runtime (plain-words requests) and the idle closer (lifecycle.ts).
//
// Each transition is one atomic write (conversations.apply): the holder, `operator_active`, the
// status, the visitor's note and the team's internal status note change together, and an operator's
// public reply flips the holder in the same write that stores it. The AI's own replies are stored
// under the same kind of guard (runtime.ts), so nothing the AI wrote lands after a person took it.
import type { EventEmitter } from 'node:events';
import type { AppContext } from '../../context.js';
import type { ConversationRecord, ConversationStatus, Message, MessageAuthor } from '../../../shared/schemas/entities.js';
import type { OperatorMessageBody } from '../../../shared/schemas/operators.js';
import type { ConversationPatch, NewMessage } from '../conversations/service.js';
import type { Presence } from './presence.js';
import { holderOf, waitingForHuman, type Holder } from '../../../shared/holder.js';
import { INTERNAL_LABEL } from '../../../shared/visibility.js';
import { agentText, type AgentTextKey } from '../agent/texts.js';
import { notFound } from '../../errors.js';
import { involvementOf } from './involvement.js';
import { isOpen, nextOpening, formatOpening } from '../../../shared/business-hours.js';
import type { BusinessHours } from '../../../shared/schemas/business-hours.js';

export type Actor = MessageAuthor;
export type HandoverEvent = keyof typeof TRANSITIONS;
/** How the visitor asked: the widget's "Talk to a person", plain words, or the AI's offer confirmed. */
export type AskedVia = 'button' | 'plain_words' | 'offer';

/**
 * The transition table: the holders an event applies to (`from`; from any other it changes
 * nothing), the holders it may leave (`to`), the status it sets, and what the visitor reads. Every
 * transition is also a conversation.updated on the team feed and the widget; those that put the
 * conversation before the team (status escalated) also a conversation.escalated.
 */
export const TRANSITIONS = {
  /** The visitor asked for a person (button, plain words, confirmed offer). */
  asked: { from: ['ai'], to: ['queue'], status: 'escalated', visitor: ['handoffAccepted', 'noOperatorOnline', 'outsideHours', 'backAt'] },
  /** A person's public reply: it is theirs from that message on. */
  replied: { from: ['ai', 'queue', 'operator'], to: ['operator'], status: 'escalated', visitor: ['operatorJoined'] },
  /** Take over: the same without a reply yet. */
  took_over: { from: ['ai', 'queue', 'operator'], to: ['operator'], status: 'escalated', visitor: ['operatorJoined'] },
  /** Back to the AI. */
  released: { from: ['queue', 'operator'], to: ['ai'], status: null, visitor: ['assistantBack'] },
  /** Resolved (by hand or by the idle closer): the holder stays, for a return. */
  resolved: { from: ['ai', 'queue', 'operator'], to: [], status: 'resolved', visitor: ['conversationEnded'] },
  /** Any other status set by hand or by the idle closer (abandoned, active, escalated): the holder stays. */
  status_set: { from: ['ai', 'queue', 'operator'], to: [], status: 'active | escalated | abandoned', visitor: [] },
  /** The visitor wrote after it was closed: back to whoever had it, the queue when that person is offline. */
  reopened: { from: ['ai', 'queue', 'operator'], to: ['ai', 'queue', 'operator'], status: 'active | escalated', visitor: ['reopenedOperator', 'reopenedQueue'] },
  /**
   * Assigned to a teammate, or unassigned (PATCH assignee_id): a queued conversation becomes that
   * person's (the AI stays quiet); one the AI holds stays the AI's until the person replies or takes
   * over (then the visitor reads that they joined); unassigning a person's conversation puts it back
   * in the queue. The visitor reads nothing: nobody joined yet.
   */
  assigned: { from: ['queue', 'operator'], to: ['operator', 'queue'], status: null, visitor: [] },
  /** Nobody of the team answered in time, or nobody who could is online: said honestly. */
  wait_expired: { from: ['queue', 'operator'], to: ['queue', 'operator', 'ai'], status: null, visitor: ['waitTooLong', 'noOperatorOnline', 'outsideHours', 'backAt', 'waitAiResumes'] },
} as const satisfies Record<string, { from: readonly Holder[]; to: readonly Holder[]; status: string | null; visitor: readonly AgentTextKey[] }>;

const SYSTEM: Actor = { member_id: null, name: 'Parley' };

/** What waiting ends in (HANDOFF_FALLBACK): the visitor leaves an e-mail, or the AI answers again. */
export type WaitFallback = 'email' | 'ai';

export interface HandoverDeps {
  presence: Presence;
  escalations: EventEmitter<{ escalated: [ConversationRecord] }>;
  /** The summary every escalation adds (service.ts). */
  summarize(record: ConversationRecord): Promise<unknown>;
  /** The language of the visitor's notes (agent texts catalogue). */
  localeOf(record: ConversationRecord): Promise<string>;
  /** The organization's business hours (null: always open) and time zone (docs/operators.md "Business hours"). */
  hoursOf(record: ConversationRecord): Promise<{ hours: BusinessHours | null; timezone: string }>;
  /** The clock, for tests of hours; Date.now by default. */
  now?: () => number;
}

/** A visible system note (or an internal one for the team). */
const note = (content: string, labels: string[], actor: Actor = SYSTEM, internal = false): NewMessage => ({
  role: 'assistant',
  type: 'note',
  content,
  labels: internal ? [...labels, INTERNAL_LABEL] : labels,
  ...(actor.member_id ? { author: actor } : {}),
});

const statusNote = (from: ConversationStatus, to: ConversationStatus, reason: string, actor: Actor) =>
  note(`Status: ${from} → ${to}${actor.member_id ? ` by ${actor.name}` : ''} (${reason}).`, ['status', `status:${to}`], actor, true);

/** Seq of the last release (or reopen into the queue): who joined before it must join again. */
const lastRelease = (r: ConversationRecord) => r.messages.findLast((m) => m.type === 'note' && (m.labels.includes('release') || m.labels.includes('requeued')))?.seq ?? 0;

/** Whether `actor` joined since the last release (a "joined" note names them). */
const joined = (r: ConversationRecord, actor: Actor) =>
  r.messages.some((m) => m.type === 'note' && m.labels.includes('takeover') && m.author?.member_id === actor.member_id && (actor.member_id || m.author?.name === actor.name) && m.seq > lastRelease(r));

function allowed(event: HandoverEvent, from: Holder, to: Holder): boolean {
  const t = TRANSITIONS[event];
  return (t.from as readonly Holder[]).includes(from) && (t.to as readonly Holder[]).includes(to);
}

export function createHandover(ctx: AppContext, deps: HandoverDeps) {
  const { conversations } = ctx.services;

  /** One transition's write, then what follows an escalation (the team's notification and summary). */
  async function commit(record: ConversationRecord, event: HandoverEvent, plan: (r: ConversationRecord) => { set: ConversationPatch; messages: NewMessage[] } | null) {
    const result = await conversations.apply(record.project_id, record.id, (r) => {
      const step = plan(r);
      if (!step) return null;
      const from = holderOf(r);
      const to = step.set.holder ?? from;
      if (to !== from && !allowed(event, from, to)) throw new Error(`handover: ${event} does not lead from ${from} to ${to}`);
      // operator_active is the AI's mute: true exactly when someone other than the AI holds it.
      const wanted: ConversationPatch = { ...step.set, holder: to, operator_active: to !== 'ai' };
      const set = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => (r as unknown as Record<string, unknown>)[k] !== v)) as ConversationPatch;
      if (Object.keys(set).length === 0 && step.messages.length === 0) return null;
      return { set, messages: step.messages };
    });
    if (!result || result.duplicate) return result;
    const escalated = result.record.status === 'escalated' && record.status !== 'escalated';
    if (escalated || (result.record.status === 'escalated' && holderOf(record) === 'ai' && holderOf(result.record) !== 'ai')) {
      deps.escalations.emit('escalated', result.record);
    }
    if (escalated) {
      // Offline the summary is instant; a model call must not hold up the handover.
      if (ctx.config.llm) void deps.summarize(result.record).catch(() => undefined);
      else await deps.summarize(result.record);
    }
    return result;
  }

  /** The status change and its internal note, when the status changes. */
  function status(r: ConversationRecord, to: ConversationStatus, reason: string, actor: Actor): { set: ConversationPatch; messages: NewMessage[] } {
    return r.status === to ? { set: {}, messages: [] } : { set: { status: to }, messages: [statusNote(r.status, to, reason, actor)] };
  }

  async function require(projectId: string, conversationId: string) {
    const record = await conversations.get(projectId, conversationId);
    if (!record || record.hidden) throw notFound('conversation');
    return record;
  }

  /** Conversations of the project waiting in the queue (this one counted once). */
  async function queuePosition(record: ConversationRecord): Promise<number> {
    // Counted by the store from its `waiting` query field (server/store/collections.ts).
    const stored = ctx.store.collection('conversations');
    const [waiting, self] = await Promise.all([
      stored.count(record.project_id, { where: { waiting: true }, arrays: false }),
      stored.get(record.project_id, record.id),
    ]);
    return waiting - (self && waitingForHuman(self) ? 1 : 0) + 1;
  }

  /**
   * Outside business hours: what the visitor reads instead of "nobody online" — the team is away and
   * when it is back, on the team's clock with the zone named (the organization's own message first
   * when it set one). Null inside the hours, or without hours.
   */
  async function awayText(record: ConversationRecord, locale: string): Promise<string | null> {
    const { hours, timezone } = await deps.hoursOf(record);
    const now = deps.now?.() ?? Date.now();
    if (!hours || isOpen(now, hours, timezone)) return null;
    const next = nextOpening(now, hours, timezone);
    const when = next ? agentText(locale, 'backAt', { when: formatOpening(next, locale, timezone) }) : '';
    const intro = hours.away_message ?? agentText(locale, 'outsideHours');
    return [intro, when, agentText(locale, 'leaveEmail')].filter(Boolean).join(' ');
  }

  const online = (projectId: string, memberId?: string | null) => {
    const members = deps.presence.online(projectId);
    return memberId ? members.some((m) => m.member_id === memberId) : members.length > 0;
  };

  return {
    /**
     * The visitor asked for a person: the queue, the AI quiet. With nobody of the team online the note
     * says so and asks for an e-mail (`ask_email`). Outside business hours the note says the team is
     * away and when it is back, and asks for an e-mail too (`outside_hours`), whoever is online: the
     * conversation waits in the queue all the same. Asking again while the team has it changes nothing.
     */
    async asked(record: ConversationRecord, via: AskedVia): Promise<{ online: boolean; changed: boolean }> {
      const isOnline = online(record.project_id);
      const locale = await deps.localeOf(record);
      const away = await awayText(record, locale);
      const result = await commit(record, 'asked', (r) => {
        if (holderOf(r) !== 'ai') return null;
        const s = status(r, 'escalated', via === 'plain_words' ? 'the visitor asked for a person in their own words' : 'the visitor asked for a person', SYSTEM);
        const text = away ?? (isOnline ? agentText(locale, 'handoffAccepted') : agentText(locale, 'noOperatorOnline'));
        const labels = ['handoff', 'handoff_accepted', `handoff:${via}`, ...(away ? ['outside_hours'] : []), ...(isOnline && !away ? [] : ['ask_email'])];
        return { set: { ...s.set, holder: 'queue' }, messages: [...s.messages, note(text, labels)] };
      });
      return { online: isOnline, changed: Boolean(result) };
    },

    /**
     * A person's reply: stored in the same write that makes the conversation theirs (the AI is muted
     * by the very message the visitor reads). Their first word after a release also tells the visitor
     * who joined. An internal comment changes nothing of this.
     */
    /** `attachments`: files already stored (domains/attachments) that this reply carries. */
    async replied(projectId: string, conversationId: string, actor: Actor, body: OperatorMessageBody & { attachments?: Message['attachments'] }): Promise<Message> {
      const record = await require(projectId, conversationId);
      const type = body.type ?? 'message';
      const reply: NewMessage = {
        role: 'operator',
        type,
        content: body.content,
        client_id: body.client_id ?? null,
        labels: type === 'message' && body.from_draft ? ['ai_draft'] : [],
        author: actor,
        ...(body.attachments?.length ? { attachments: body.attachments } : {}),
      };
      const joinedText = agentText(await deps.localeOf(record), 'operatorJoined', { name: actor.name });
      const result = await commit(record, 'replied', (r) => {
        if (type !== 'message') return { set: {}, messages: [reply] };
        const s = status(r, 'escalated', 'a person of the team replied', actor);
        const join = joined(r, actor) ? [] : [note(joinedText, ['takeover'], actor)];
        const involvement = involvementOf([...r.messages, { type: 'message', role: 'operator', labels: reply.labels } as unknown as Message]);
        return {
          set: { ...s.set, holder: 'operator', ai_involvement: involvement, ...(r.assignee_id || !actor.member_id ? {} : { assignee_id: actor.member_id }) },
          messages: [...s.messages, ...join, reply],
        };
      });
      if (result?.duplicate) return result.duplicate;
      const message = result!.messages.at(-1)!;
      if (type === 'message') ctx.bus.publish({ type: 'typing', project_id: projectId, conversation_id: conversationId, role: 'operator', typing: false });
      return message;
    },

    /** Take over: the AI stops at once (a running generation is aborted, agent/runtime.ts) and stays quiet until release. */
    async tookOver(projectId: string, conversationId: string, actor: Actor): Promise<ConversationRecord> {
      const record = await require(projectId, conversationId);
      const text = agentText(await deps.localeOf(record), 'operatorJoined', { name: actor.name });
      // After a handoff nobody has joined yet: the first person to take over joins (note, assignment).
      // Taking over twice changes nothing.
      const result = await commit(record, 'took_over', (r) => {
        if (holderOf(r) === 'operator' && (joined(r, actor) || !actor.member_id)) return null;
        const s = status(r, 'escalated', 'taken over', actor);
        return {
          set: { ...s.set, holder: 'operator', ...(r.assignee_id || !actor.member_id ? {} : { assignee_id: actor.member_id }) },
          messages: [...s.messages, note(text, ['takeover'], actor)],
        };
      });
      return result?.record ?? record;
    },

    /** Back to the AI: "The assistant is back". */
    async released(projectId: string, conversationId: string, actor: Actor): Promise<ConversationRecord> {
      const record = await require(projectId, conversationId);
      const text = agentText(await deps.localeOf(record), 'assistantBack');
      const result = await commit(record, 'released', (r) => (holderOf(r) === 'ai' ? null : { set: { holder: 'ai' }, messages: [note(text, ['release'], actor)] }));
      return result?.record ?? record;
    },

    /**
     * A status change (by hand, or the idle closer) with its internal note; resolving also tells the
     * visitor the conversation ended (the widget offers the rating then). The holder stays: a visitor
     * who writes again goes back to whoever had it (reopened).
     */
    async setStatus(record: ConversationRecord, to: ConversationStatus, reason: string, actor: Actor = SYSTEM, extra: ConversationPatch = {}): Promise<ConversationRecord> {
      const ended = to === 'resolved' ? agentText(await deps.localeOf(record), 'conversationEnded') : null;
      const result = await commit(record, to === 'resolved' ? 'resolved' : 'status_set', (r) => {
        if (r.status === to && Object.keys(extra).length === 0) return null;
        const s = status(r, to, reason, actor);
        const end = ended && r.status !== 'resolved' ? [note(ended, ['ended'])] : [];
        return { set: { ...extra, ...s.set }, messages: [...s.messages, ...end] };
      });
      return result?.record ?? record;
    },

    /**
     * The visitor wrote after the conversation was closed: open again, and routed back to whoever had
     * it — the AI (which answers), the person who held it if they are online, else the queue, with the
     * visitor's place in it. Runs before any AI reply is asked for, so the AI answers only if no
     * person holds it. Idempotent: only a closed conversation is reopened.
     */
    async reopened(record: ConversationRecord): Promise<ConversationRecord | null> {
      if (record.status !== 'resolved' && record.status !== 'abandoned') return null;
      const locale = await deps.localeOf(record);
      const position = await queuePosition(record);
      const assignee = record.assignee_id ? await memberName(record) : null;
      const result = await commit(record, 'reopened', (r) => {
        if (r.status !== 'resolved' && r.status !== 'abandoned') return null;
        const holder = holderOf(r);
        if (holder === 'ai') return status(r, 'active', 'the visitor wrote again', SYSTEM);
        const s = status(r, 'escalated', 'the visitor wrote again', SYSTEM);
        if (holder === 'operator' && r.assignee_id && online(r.project_id, r.assignee_id)) {
          return { set: s.set, messages: [...s.messages, note(agentText(locale, 'reopenedOperator', { name: assignee ?? 'Someone' }), ['reopened'])] };
        }
        const text = agentText(locale, 'reopenedQueue', { position: String(position) });
        return { set: { ...s.set, holder: 'queue', assignee_id: null }, messages: [...s.messages, note(text, ['reopened', 'requeued'])] };
      });
      return result?.record ?? null;
    },

    /**
     * Assignment by a team member (TRANSITIONS.assigned), with the team's internal note in the same
     * write. `name` is the assignee's name for the note (null when unassigning).
     */
    async assigned(record: ConversationRecord, assigneeId: string | null, name: string | null, actor: Actor): Promise<ConversationRecord> {
      const by = actor.member_id ? ` by ${actor.name}` : '';
      const result = await commit(record, 'assigned', (r) => {
        if ((r.assignee_id ?? null) === assigneeId) return null;
        const holder = holderOf(r);
        if (assigneeId) {
          const set: ConversationPatch = { assignee_id: assigneeId, ...(holder === 'queue' ? { holder: 'operator' } : {}) };
          return { set, messages: [note(`Assigned to ${name ?? 'a team member'}${by}.`, ['assignment'], actor, true)] };
        }
        const requeue = holder === 'operator';
        return { set: { assignee_id: null, ...(requeue ? { holder: 'queue' } : {}) }, messages: [note(`Unassigned${by}.`, ['assignment', ...(requeue ? ['requeued'] : [])], actor, true)] };
      });
      return result?.record ?? record;
    },

    /**
     * The visitor's message waits for a person and nobody answers: told once per message, honestly.
     * `offline`: nobody who could answer is online (the holder's person, or anyone for the queue);
     * `waited`: the configured wait passed. With fallback `email` the visitor may leave an e-mail
     * (the conversation stays with the team, in the queue if its person left); with `ai` the AI
     * answers again. Returns whether the visitor was told (the caller then asks the AI to answer).
     */
    async waitExpired(record: ConversationRecord, reason: 'offline' | 'waited', fallback: WaitFallback): Promise<boolean> {
      const locale = await deps.localeOf(record);
      // Nobody online outside the hours: the away note, with when the team is back.
      const away = reason === 'offline' ? await awayText(record, locale) : null;
      const result = await commit(record, 'wait_expired', (r) => {
        const holder = holderOf(r);
        if (holder === 'ai' || r.status !== 'escalated' || !unansweredAndUntold(r)) return null;
        if (fallback === 'ai') return { set: { holder: 'ai' }, messages: [note(agentText(locale, 'waitAiResumes'), ['wait_notice', 'release'])] };
        const text = away ?? agentText(locale, reason === 'offline' ? 'noOperatorOnline' : 'waitTooLong');
        const requeue = holder === 'operator' && !online(r.project_id, r.assignee_id);
        return { set: requeue ? { holder: 'queue', assignee_id: null } : {}, messages: [note(text, ['wait_notice', 'ask_email', ...(away ? ['outside_hours'] : []), ...(requeue ? ['requeued'] : [])])] };
      });
      return Boolean(result);
    },
  };

  async function memberName(record: ConversationRecord): Promise<string | null> {
    const project = await ctx.services.projects.getProject(record.project_id);
    const members = project ? await ctx.services.org.listMembers(project.organization_id) : [];
    return members.find((m) => m.id === record.assignee_id)?.name ?? null;
  }
}

/**
 * The visitor's latest message has no reply from a person yet, and they were not told about the wait
 * since (an `ask_email` or `wait_notice` note after it).
 */
export function unansweredAndUntold(r: ConversationRecord): boolean {
  const lastVisitor = r.messages.findLast((m) => m.role === 'user' && m.type === 'message');
  if (!lastVisitor) return false;
  return !r.messages.some((m) => m.seq > lastVisitor.seq && (m.role === 'operator' && m.type === 'message' || (m.type === 'note' && (m.labels.includes('ask_email') || m.labels.includes('wait_notice')))));
}

export type Handover = ReturnType<typeof createHandover>;
