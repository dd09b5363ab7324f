// Who of the team is online per project: members with the team feed open (team-ws.ts). A handoff
// with nobody online tells the visitor so and asks for an e-mail (docs/operators.md).
import { EventEmitter } from 'node:events';
import type { OnlineMember } from '../../../shared/team-protocol.js';

export function createPresence() {
  const byProject = new Map<string, Map<string, { member: OnlineMember; sockets: number }>>();
  const changes = new EventEmitter<{ change: [projectId: string] }>();
  changes.setMaxListeners(0);
  return {
    changes,
    join(projectId: string, member: OnlineMember) {
      const members = byProject.get(projectId) ?? new Map();
      byProject.set(projectId, members);
      const entry = members.get(member.member_id);
      if (entry) entry.sockets += 1;
      else members.set(member.member_id, { member, sockets: 1 });
      if (!entry) changes.emit('change', projectId);
    },
    leave(projectId: string, memberId: string) {
      const members = byProject.get(projectId);
      const entry = members?.get(memberId);
      if (!members || !entry) return;
      entry.sockets -= 1;
      if (entry.sockets > 0) return;
      members.delete(memberId);
      if (members.size === 0) byProject.delete(projectId);
      changes.emit('change', projectId);
    },
    online(projectId: string): OnlineMember[] {
      return [...(byProject.get(projectId)?.values() ?? [])].map((e) => e.member);
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
