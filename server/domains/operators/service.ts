// The operator workflow (docs/operators.md): take over, release, replies and comments, typing, status
// changes with their system notes, assignment, labels and tags, hide, summaries. Every change goes
// through the conversations service, so the widget, SSE streams and the team feed learn of it from the
// bus. Visitor-facing notes are written in the visitor's language (agent texts catalogue). Who holds a
// conversation (the AI, the queue, a person) changes only in the handover machine (handover.ts).
import type { AppContext } from '../../context.js';
import type { ConversationRecord, ConversationStatus, Message, MessageAuthor } from '../../../shared/schemas/entities.js';
import type { ConversationPatchBody, OperatorMessageBody } from '../../../shared/schemas/operators.js';
import type { ConversationPatch } from '../conversations/service.js';
import { invalid, notFound } from '../../errors.js';
import { visitorLocale } from '../widget/channel-config.js';
import { visitorTextLocale } from '../agent/texts.js';
import { orgLanguageOf, orgSettingsOf } from '../org/settings-of.js';
import { EventEmitter } from 'node:events';
import { createPresence } from './presence.js';
import { summarize } from './summary.js';
import { createHandover, type AskedVia } from './handover.js';
import { createSnooze } from './snooze.js';

export type Actor = MessageAuthor;

const SYSTEM: Actor = { member_id: null, name: 'Parley' };

export function createOperatorService(ctx: AppContext) {
  const { conversations } = ctx.services;
  const presence = createPresence(ctx.signals);
  ctx.onClose(() => presence.close());
  /** Escalations, for the team feed's notifications (conversation.escalated). */
  const escalations = new EventEmitter<{ escalated: [ConversationRecord] }>();
  escalations.setMaxListeners(0);

  /** The language of the visitor's notes: the channel's, else the visitor's browser's, else the organization's default. */
  async function localeOf(record: ConversationRecord) {
    const channel = record.channel_id ? await ctx.store.collection('channels').get(record.project_id, record.channel_id) : undefined;
    const user = await ctx.services.users.get(record.project_id, record.user_id);
    const locales = user?.locales ?? [];
    const orgLanguage = await orgLanguageOf(ctx, record.project_id);
    return channel ? visitorLocale(channel, locales, orgLanguage) : visitorTextLocale(null, locales, undefined, orgLanguage);
  }

  async function hoursOf(record: ConversationRecord) {
    const settings = await orgSettingsOf(ctx, record.project_id);
    return { hours: settings.business_hours ?? null, timezone: settings.timezone };
  }

  const handover = createHandover(ctx, { presence, escalations, summarize: (r) => addSummary(r), localeOf, hoursOf });
  const snooze = createSnooze(ctx);

  /** Status changes go through the handover machine: the note, the holder kept, "ended" on resolve. */
  function changeStatus(record: ConversationRecord, status: ConversationStatus, reason: string, actor?: Actor, extra: ConversationPatch = {}) {
    return handover.setStatus(record, status, reason, actor, extra);
  }

  async function addSummary(record: ConversationRecord) {
    const fresh = (await conversations.get(record.project_id, record.id)) ?? record;
    const { content, by } = await summarize(ctx.config, fresh);
    const { message } = await conversations.append(record.project_id, record.id, { role: 'assistant', type: 'summary', content, labels: [`summary:${by}`] });
    return message;
  }

  async function requireOpen(projectId: string, conversationId: string) {
    const record = await conversations.get(projectId, conversationId);
    if (!record || record.hidden) throw notFound('conversation');
    return record;
  }

  const service = {
    presence,
    escalations,
    changeStatus,
    requireOpen,

    handover,
    snooze,

    /** The AI stops at once (a running generation is aborted, agent/runtime.ts) and stays quiet until release. */
    takeOver: (projectId: string, conversationId: string, actor: Actor) => handover.tookOver(projectId, conversationId, actor),

    /** Hands the conversation back to the AI: "The assistant is back". */
    release: (projectId: string, conversationId: string, actor: Actor) => handover.released(projectId, conversationId, actor),

    /** A reply the visitor sees live with the operator's name (it makes the conversation theirs), or an internal comment. */
    post: (projectId: string, conversationId: string, actor: Actor, body: OperatorMessageBody): Promise<Message> => handover.replied(projectId, conversationId, actor, body),

    async typing(projectId: string, conversationId: string, typing: boolean) {
      await requireOpen(projectId, conversationId);
      ctx.bus.publish({ type: 'typing', project_id: projectId, conversation_id: conversationId, role: 'operator', typing });
    },

    /** Manual changes: status (with a system note), assignment (handover.ts), labels, tags, topic, snooze (snooze.ts). */
    async update(projectId: string, conversationId: string, actor: Actor, body: ConversationPatchBody) {
      let record = await requireOpen(projectId, conversationId);
      if (body.labels) await assertLabels(projectId, body.labels);
      if (body.assignee_id) await assertMember(projectId, body.assignee_id);
      const { status, assignee_id, snoozed_until, ...rest } = body;
      if (Object.keys(rest).length > 0) {
        record = await conversations.patch(projectId, conversationId, {
          ...rest,
          ...(rest.tags ? { tags: [...new Set(rest.tags.map((t) => t.trim()).filter(Boolean))] } : {}),
          ...(rest.labels ? { labels: [...new Set(rest.labels)] } : {}),
        });
      }
      // Who holds the conversation may change with its assignee: the handover machine decides.
      if (assignee_id !== undefined) {
        const name = assignee_id ? ((await membersOf(projectId)).find((m) => m.id === assignee_id)?.name ?? null) : null;
        record = await handover.assigned(record, assignee_id, name, actor);
      }
      if (status) record = await changeStatus(record, status, 'changed by hand', actor);
      if (snoozed_until !== undefined) record = (snoozed_until ? await snooze.snooze(record, snoozed_until, actor) : await snooze.wake(record, 'by_hand', actor)) ?? record;
      return (await conversations.get(projectId, conversationId)) ?? record;
    },

    /**
     * One conversation by its path: 404 when it is no visible conversation of the project, like every
     * other `…/conversations/{id}` call (another project's id included); only the batch lists misses.
     */
    async hideOne(projectId: string, conversationId: string) {
      await requireOpen(projectId, conversationId);
      return service.hide(projectId, [conversationId]);
    },

    /** Permanent and irreversible (spec 2.5, 3.4): gone from lists and metrics. */
    async hide(projectId: string, ids: readonly string[]) {
      const updated: string[] = [];
      const missing: string[] = [];
      for (const id of ids) {
        const record = await conversations.get(projectId, id);
        if (!record || record.hidden) missing.push(id);
        else {
          await conversations.patch(projectId, id, { hidden: true, operator_active: false });
          updated.push(id);
        }
      }
      return { updated, not_found: missing };
    },

    async batchLabels(projectId: string, ids: readonly string[], add: readonly string[] = [], remove: readonly string[] = []) {
      await assertLabels(projectId, add);
      const updated: string[] = [];
      const missing: string[] = [];
      for (const id of ids) {
        const record = await conversations.get(projectId, id);
        if (!record || record.hidden) {
          missing.push(id);
          continue;
        }
        const labels = [...new Set([...record.labels.filter((l) => !remove.includes(l)), ...add])];
        if (labels.length > 50) throw invalid('A conversation carries at most 50 labels', [{ path: 'add', message: 'too many labels' }]);
        await conversations.patch(projectId, id, { labels });
        updated.push(id);
      }
      return { updated, not_found: missing };
    },

    async summary(projectId: string, conversationId: string) {
      const record = await requireOpen(projectId, conversationId);
      return addSummary(record);
    },

    /**
     * The AI called escalate_to_human (spec 2.9): its note for the team is stored as a `handover`
     * message (never shown to the visitor) and the conversation joins the escalated queue. The AI
     * keeps answering until someone takes over, as it does after a ticket is escalated.
     */
    async escalateByAgent(record: ConversationRecord, note: string): Promise<void> {
      await conversations.append(record.project_id, record.id, { role: 'assistant', type: 'handover', content: note, labels: ['handover'] });
      await changeStatus((await conversations.get(record.project_id, record.id)) ?? record, 'escalated', 'the AI escalated it');
    },

    /** Visitor side: the visitor asked for a person (button, plain words, a confirmed offer): the queue. */
    escalateFromHandoff(record: ConversationRecord, via: AskedVia = 'offer'): Promise<{ online: boolean; changed: boolean }> {
      return handover.asked(record, via);
    },
  };

  async function assertLabels(projectId: string, ids: readonly string[]) {
    if (ids.length === 0) return;
    const known = new Set((await ctx.store.collection('labels').list(projectId)).map((l) => l.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw invalid(`Unknown label${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (create labels with POST /v1/projects/{project_id}/labels)`, unknown.map((id) => ({ path: 'labels', message: `${id} is not a label of this project` })));
    }
  }

  async function membersOf(projectId: string) {
    const project = await ctx.services.projects.getProject(projectId);
    return project ? ctx.services.org.listMembers(project.organization_id) : [];
  }

  async function assertMember(projectId: string, memberId: string) {
    if (!(await membersOf(projectId)).some((m) => m.id === memberId)) {
      throw invalid('assignee_id is not a member of this project\'s organization', [{ path: 'assignee_id', message: 'unknown team member' }]);
    }
  }

  return service;
}

export type OperatorService = ReturnType<typeof createOperatorService>;

const services = new WeakMap<object, OperatorService>();
/**
 * One operator service per app (presence is per process, like the conversation bus): keyed by the
 * bus, which every copy of the app's context shares (the agent's deps see `{...ctx, services}`), so
 * a handover asked for by the agent runtime sees who of the team is online.
 */
export function operatorsOf(ctx: AppContext): OperatorService {
  let s = services.get(ctx.bus);
  if (!s) services.set(ctx.bus, (s = createOperatorService(ctx)));
  return s;
}
