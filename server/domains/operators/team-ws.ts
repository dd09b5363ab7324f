// The team feed at /v1/team/ws (docs/operators.md "Team feed", shared/team-protocol.ts): the team
// console's live view of one project. Authenticated by the session cookie at the upgrade, and only from
// BASE_URL's origin (a cookie alone, which a browser sends cross-site, is never enough: this is the
// feed's CSRF protection). `team.hello` names the project (checked against the member's organization
// and role) and the last seq per conversation the client has; missed messages come in the welcome,
// then every event of the project live (label changes too). Visitors' and other operators' typing is relayed both ways.
// The grant is re-checked whenever it changes (team-grant.ts, http/auth/grant-changes.ts): a session
// that ended closes the feed with 4401, a role that cannot read any more with 4403, a deleted project
// with 4404 (shared/close-codes.ts); a demotion that only takes conversation:write refuses typing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { Compile } from 'typebox/compile';
import type { AppContext } from '../../context.js';
import { TEAM_WS_PATH, TeamClientFrame, type OnlineMember, type TeamServerFrame } from '../../../shared/team-protocol.js';
import type { ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import type { ConversationEvent } from '../conversations/events.js';
import { summary } from '../conversations/service.js';
import type { SessionContext } from '../../http/auth/session.js';
import { onGrantChange, type GrantChange } from '../../http/auth/grant-changes.js';
import { CLOSE_CODES } from '../../../shared/close-codes.js';
import { visitorTyping, type VisitorTypingEvent } from '../widget/handlers/typing.js';
import { listeningPort, originOf, publicUrls } from '../widget/urls.js';
import { visitorChanges, type VisitorChange } from '../widget/visitors.js';
import { labelChanges, type LabelChange } from '../labels/changes.js';
import { operatorsOf } from './service.js';
import { checkTeamGrant, type TeamGrant } from './team-grant.js';

const check = Compile(TeamClientFrame);
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

function toTeamFrame(event: ConversationEvent): TeamServerFrame | null {
  switch (event.type) {
    case 'message.created':
      return { type: 'message.created', conversation_id: event.conversation_id, seq: event.seq, message: event.message };
    case 'message.delta':
      return { type: 'message.delta', conversation_id: event.conversation_id, stream_id: event.stream_id, delta: event.delta };
    case 'typing':
      return { type: 'typing', conversation_id: event.conversation_id, role: event.role, typing: event.typing };
    case 'conversation.updated':
      return { type: 'conversation.updated', conversation: event.conversation };
    case 'tool_call.updated':
      return { type: 'tool_call.updated', conversation_id: event.conversation_id, tool_call: event.tool_call };
    case 'conversation.created':
    case 'reply.failed': // the visitor's to read; the team sees the conversation wait
      return null;
  }
}

export function registerTeamFeed(app: FastifyInstance, ctx: AppContext) {
  const ops = operatorsOf(ctx);

  app.get(TEAM_WS_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, request: FastifyRequest) => {
    const send = (frame: TeamServerFrame) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return void socket.terminate(); // it resumes by seq
      socket.send(JSON.stringify(frame));
    };
    const cleanups: (() => void)[] = [];
    let team: SessionContext | null = null;
    let projectId: string | null = null;
    let canWrite = false;
    let closed = false;
    socket.on('close', () => {
      closed = true;
      cleanups.splice(0).forEach((fn) => fn());
    });
    socket.on('error', (err) => request.log.debug({ err }, 'team socket error'));
    // Frames are handled one after the other, starting once the session is checked (attached at once
    // so no early frame is lost).
    let queue: Promise<unknown> = Promise.resolve().then(() => authenticate());
    socket.on('message', (data, isBinary) => {
      const raw = isBinary ? '' : data.toString();
      queue = queue.then(() => (team && !closed ? handle(raw) : undefined));
    });

    const fail = (code: number, error: string, message: string) => {
      send({ type: 'error', error, message });
      socket.close(code, message.slice(0, 120));
    };

    async function authenticate() {
      const expected = originOf(publicUrls(ctx.config, listeningPort(app)).baseUrl);
      if (request.headers.origin !== expected) return fail(CLOSE_CODES.forbidden, 'origin_not_allowed', `The team feed accepts connections from ${expected} only`);
      const grant = await checkTeamGrant(ctx, request, null);
      if (!grant.ok) return fail(CLOSE_CODES.unauthorized, 'unauthorized', 'Sign in first: no valid session (POST /v1/org/login)');
      team = grant.team;
      // Listening from here to the close: a change of this member's sessions or role, or of the
      // project, is re-checked in the frame queue, so a frame that arrives after the change (a
      // demoted member's typing) is judged by the new grant.
      const concerns = (c: GrantChange) =>
        (c.kind === 'member' && c.member_id === team?.member.id) || (c.kind === 'project' && c.project_id === projectId);
      const stop = onGrantChange((c) => {
        if (concerns(c)) queue = queue.then(recheck);
      });
      if (closed) stop();
      else cleanups.push(stop);
    }

    async function recheck() {
      if (closed || !team) return;
      const grant = await checkTeamGrant(ctx, request, projectId);
      if (!grant.ok) return refuse(grant, REVOKED);
      team = grant.team;
      canWrite = grant.canWrite;
    }

    // The same refusal names a different close code at team.hello than on an open feed (shared/close-codes.ts).
    const AT_HELLO = { session: CLOSE_CODES.unauthorized, project: CLOSE_CODES.notFound, permission: CLOSE_CODES.forbidden };
    const REVOKED = { session: CLOSE_CODES.revoked, project: CLOSE_CODES.projectGone, permission: CLOSE_CODES.permissionRevoked };
    const refuse = (g: Extract<TeamGrant, { ok: false }>, codes: typeof AT_HELLO | typeof REVOKED) => fail(codes[g.reason], g.error, g.message);

    async function hello(frame: Extract<TeamClientFrame, { type: 'team.hello' }>) {
      if (projectId) return send({ type: 'error', error: 'invalid_frame', message: 'team.hello was already sent on this connection' });
      const grant = await checkTeamGrant(ctx, request, frame.project_id);
      if (!grant.ok) return refuse(grant, AT_HELLO);
      team = grant.team;
      canWrite = grant.canWrite;
      projectId = frame.project_id;
      const pid = frame.project_id;
      const me: OnlineMember = { member_id: team.member.id, name: team.member.name, role: team.member.role };
      // Subscribe before reading the missed messages, so nothing falls between the two (the client
      // drops a message whose seq it already has).
      cleanups.push(
        ctx.bus.subscribeEverywhere((event) => {
          const frame = event.project_id === pid ? toTeamFrame(event) : null;
          if (frame) send(frame);
        }),
      );
      const onTyping = (e: VisitorTypingEvent) => e.project_id === pid && send({ type: 'typing', conversation_id: e.conversation_id, role: 'user', typing: e.typing });
      visitorTyping.on('typing', onTyping);
      cleanups.push(() => visitorTyping.off('typing', onTyping));
      const onVisitor = (e: VisitorChange) => e.project_id === pid && send({ type: 'visitor.updated', conversation_id: e.conversation_id, visitor: e.visitor });
      visitorChanges.on('change', onVisitor);
      cleanups.push(() => visitorChanges.off('change', onVisitor));
      const onLabels = (e: LabelChange) => e.project_id === pid && send({ type: 'labels.changed' });
      labelChanges.on('change', onLabels);
      cleanups.push(() => labelChanges.off('change', onLabels));
      const onEscalated = (c: ConversationRecord) => {
        if (c.project_id === pid) send({ type: 'conversation.escalated', conversation: summary(c), no_operator_online: ops.presence.online(pid).length === 0 });
      };
      ops.escalations.on('escalated', onEscalated);
      cleanups.push(() => ops.escalations.off('escalated', onEscalated));
      const onPresence = (changed: string) => changed === pid && send({ type: 'presence', online: ops.presence.online(pid) });
      ops.presence.changes.on('change', onPresence);
      cleanups.push(() => ops.presence.changes.off('change', onPresence));
      ops.presence.join(pid, me);
      cleanups.push(() => ops.presence.leave(pid, me.member_id));
      if (closed) cleanups.splice(0).forEach((fn) => fn()); // closed while we were subscribing

      const missed: Message[] = [];
      for (const r of frame.resume ?? []) {
        const record = await ctx.services.conversations.get(pid, r.conversation_id);
        if (record && !record.hidden) missed.push(...record.messages.filter((m) => m.seq > r.last_seq));
      }
      send({ type: 'team.welcome', member: me, online: ops.presence.online(pid), missed });
    }

    async function handle(raw: string) {
      let frame: unknown;
      try {
        frame = JSON.parse(raw);
      } catch {
        return send({ type: 'error', error: 'invalid_frame', message: 'A frame must be a JSON object' });
      }
      if (!check.Check(frame)) return send({ type: 'error', error: 'invalid_frame', message: 'Unknown or malformed team frame' });
      try {
        if (frame.type === 'ping') return send({ type: 'pong' });
        if (frame.type === 'team.hello') return await hello(frame);
        if (!projectId) return send({ type: 'error', error: 'invalid_frame', message: 'Send team.hello first' });
        if (!canWrite) return send({ type: 'error', error: 'insufficient_permissions', message: 'Typing needs conversation:write' });
        await ops.typing(projectId, frame.conversation_id, frame.typing);
      } catch (err) {
        const e = err as { code?: string; message?: string };
        send({ type: 'error', error: e.code ?? 'internal_error', message: e.code ? (e.message ?? '') : 'Something went wrong on our side' });
      }
    }

  });
}
