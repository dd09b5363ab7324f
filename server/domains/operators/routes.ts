// The operator workflow over /v1 (docs/operators.md): every route takes an API key or a team session
// (project guard), with the permissions listed here. Thin handlers over the operator service.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ConversationParams, ProjectParams } from '../../../shared/schemas/api.js';
import {
  BatchHideBody,
  BatchLabelsBody,
  BatchResult,
  ConversationOutOp,
  ConversationPatchBody,
  DraftResponse,
  HideBody,
  MessageOut,
  OnlineList,
  OperatorMessageBody,
  TypingBody,
} from '../../../shared/schemas/operators.js';
import { operatorsOf } from './service.js';
import { actorOf } from './actor.js';
import { draftReply } from './draft.js';

const tags = ['operators'];
const WRITE = ['conversation:read', 'conversation:write'] as const;

export const operatorRoutes: RouteModule = (app, ctx) => {
  const ops = operatorsOf(ctx);
  const conv = '/conversations/:conversation_id';

  projectRoute(app, ctx, {
    method: 'POST', path: `${conv}/takeover`, permissions: WRITE, tags, params: ConversationParams, response: ConversationOutOp,
    summary: 'Take over a conversation',
    description: 'A human handles it from now on: a running AI answer stops at once (nothing of it is stored) and the AI stays quiet until release. The visitor sees who joined; status becomes escalated.',
    handler: ({ params, request }) => ops.takeOver(params.project_id, params.conversation_id, actorOf(request)),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: `${conv}/release`, permissions: WRITE, tags, params: ConversationParams, response: ConversationOutOp,
    summary: 'Release a conversation to the AI',
    description: 'The AI answers again; the visitor reads "The assistant is back" in their language.',
    handler: ({ params, request }) => ops.release(params.project_id, params.conversation_id, actorOf(request)),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: `${conv}/messages`, permissions: WRITE, tags, params: ConversationParams, body: OperatorMessageBody, response: MessageOut, status: 201,
    summary: 'Reply as an operator, or add an internal comment',
    description: '`type: message` reaches the visitor live with the author\'s name (and avatar); `type: comment` is an internal note the visitor never sees. `client_id` makes a re-send idempotent.',
    handler: ({ params, body, request }) => ops.post(params.project_id, params.conversation_id, actorOf(request, body.author_name), body),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: `${conv}/typing`, permissions: WRITE, tags, params: ConversationParams, body: TypingBody, response: null,
    summary: 'Show or clear the operator typing indicator in the widget',
    handler: ({ params, body }) => ops.typing(params.project_id, params.conversation_id, body.typing),
  });

  projectRoute(app, ctx, {
    method: 'PATCH', path: conv, permissions: WRITE, tags, params: ConversationParams, body: ConversationPatchBody, response: ConversationOutOp,
    summary: 'Change status, assignee, labels, tags or topic',
    description: 'A status change adds an internal system note and a conversation.updated event. Labels are ids of the project\'s labels. Hiding is a separate, irreversible call.',
    handler: ({ params, body, request }) => ops.update(params.project_id, params.conversation_id, actorOf(request), body),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: `${conv}/summary`, permissions: WRITE, tags, params: ConversationParams, response: MessageOut, status: 201,
    summary: 'Summarise the conversation for the team',
    description: 'Stored as an internal `summary` message (never shown to the visitor): extractive offline, written by the model when one is configured. Also added on every escalation.',
    handler: ({ params }) => ops.summary(params.project_id, params.conversation_id),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: `${conv}/draft`, permissions: WRITE, tags, params: ConversationParams, response: DraftResponse,
    summary: 'Draft a reply with the AI (not stored, not sent)',
    description: 'AI involvement `private`: edit the draft and send it with POST …/messages and `from_draft: true`.',
    handler: async ({ params }) => draftReply(ctx, await ops.requireOpen(params.project_id, params.conversation_id)),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: `${conv}/hide`, permissions: WRITE, tags, params: ConversationParams, body: HideBody, response: BatchResult,
    summary: 'Hide a conversation (permanent)',
    description: 'Irreversible: the conversation disappears from lists and metrics (spec 2.5, 3.4). Send `{"permanent": true}`. An id that is no visible conversation of the project (another project\'s, or already hidden) is a 404.',
    handler: ({ params }) => ops.hideOne(params.project_id, params.conversation_id),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/conversations/batch/hide', permissions: WRITE, tags, params: ProjectParams, body: BatchHideBody, response: BatchResult,
    summary: 'Hide conversations in batch (permanent)',
    description: 'Irreversible (spec 3.4). Up to 100 ids; ids that are not visible conversations of the project are listed in `not_found`.',
    handler: ({ params, body }) => ops.hide(params.project_id, body.conversation_ids),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/conversations/batch/labels', permissions: [...WRITE, 'label:read'], tags, params: ProjectParams, body: BatchLabelsBody, response: BatchResult,
    summary: 'Apply or remove labels in batch',
    handler: ({ params, body }) => ops.batchLabels(params.project_id, body.conversation_ids, body.add, body.remove),
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/operators/online', permissions: ['conversation:read'], tags, params: ProjectParams, response: OnlineList,
    summary: 'Team members online (with the team feed open)',
    handler: async ({ params }) => ({ data: ops.presence.online(params.project_id) }),
  });
};
