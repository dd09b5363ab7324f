// Who of the team is online per project: members with the team feed open (team-ws.ts). A handoff
// with nobody online tells the visitor so and asks for an e-mail (docs/operators.md).
//
// Several instances (docs/architecture.md section 7): each counts its own sockets and announces its
// members per project on every change and every HEARTBEAT_MS; another instance's members count until
// EXPIRY_MS after its last announcement, so a crashed instance's members drop out on their own.
// Signals rather than database rows: presence is seconds-old state that no restart needs, a change
// reaches every instance at once instead of at the next poll, and nothing is left to clean up.
import { EventEmitter } from 'node:events';
import type { OnlineMember } from '../../../shared/team-protocol.js';
import type { ClusterSignals } from '../../cluster/signals.js';

export const HEARTBEAT_MS = 10_000;
export const EXPIRY_MS = 35_000;
const TOPIC = 'presence';
const ASK = 'presence.ask';
/** Members per signal, kept well under the NOTIFY limit even with long names. */
const CHUNK_BYTES = 5000;

interface Announcement {
  /** Sender instance, project, version (a newer one replaces the parts held), part k of n. */
  i: string;
  p: string;
  v: number;
  k: number;
  n: number;
  m: OnlineMember[];
}

interface Remote {
  v: number;
  n: number;
  parts: Map<number, OnlineMember[]>;
  expires: number;
}

export function createPresence(signals?: ClusterSignals, options: { heartbeatMs?: number; expiryMs?: number } = {}) {
  const byProject = new Map<string, Map<string, { member: OnlineMember; sockets: number }>>();
  /** `${instance} ${project}` → that instance's members there. */
  const remote = new Map<string, Remote>();
  const changes = new EventEmitter<{ change: [projectId: string] }>();
  changes.setMaxListeners(0);
  const clustered = signals?.clustered === true;
  const expiryMs = options.expiryMs ?? EXPIRY_MS;
  let version = 0;
  const stops: (() => void)[] = [];

  const local = (projectId: string) => [...(byProject.get(projectId)?.values() ?? [])].map((e) => e.member);

  function announce(projectId: string) {
    if (!clustered) return;
    const members = local(projectId);
    const chunks: OnlineMember[][] = [[]];
    let bytes = 0;
    for (const m of members) {
      const size = Buffer.byteLength(JSON.stringify(m));
      if (bytes + size > CHUNK_BYTES) chunks.push([]), (bytes = 0);
      chunks.at(-1)!.push(m), (bytes += size);
    }
    const v = ++version;
    chunks.forEach((m, k) => signals!.publish(TOPIC, { i: signals!.instanceId, p: projectId, v, k, n: chunks.length, m } satisfies Announcement));
  }

  const announceAll = () => {
    for (const projectId of byProject.keys()) announce(projectId);
  };

  const remoteIds = (projectId: string) =>
    [...remote.entries()].filter(([key]) => key.endsWith(` ${projectId}`)).flatMap(([, r]) => [...r.parts.values()].flat().map((m) => m.member_id)).sort().join();

  function received(a: Announcement) {
    if (typeof a?.i !== 'string' || typeof a.p !== 'string' || !Array.isArray(a.m)) return;
    const key = `${a.i} ${a.p}`;
    const before = remoteIds(a.p);
    const held = remote.get(key);
    const entry = !held || a.v > held.v ? { v: a.v, n: a.n, parts: new Map(), expires: 0 } : held;
    if (a.v < entry.v) return;
    entry.parts.set(a.k, a.m);
    entry.expires = Date.now() + expiryMs;
    if (entry.parts.size === entry.n && a.m.length === 0 && a.n === 1) remote.delete(key);
    else remote.set(key, entry);
    if (remoteIds(a.p) !== before) changes.emit('change', a.p);
  }

  function expire() {
    const now = Date.now();
    for (const [key, r] of remote) {
      if (r.expires > now) continue;
      remote.delete(key);
      changes.emit('change', key.slice(key.indexOf(' ') + 1));
    }
  }

  if (clustered) {
    stops.push(
      signals!.subscribe(TOPIC, (a: Announcement, origin) => !origin.local && received(a)),
      // A newly started instance, or one whose link was down, asks instead of waiting for heartbeats.
      signals!.subscribe(ASK, (_p, origin) => !origin.local && announceAll()),
      signals!.onResync(() => {
        announceAll();
        signals!.publish(ASK, {});
      }),
    );
    const timer = setInterval(() => {
      announceAll();
      expire();
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    timer.unref();
    stops.push(() => clearInterval(timer));
    signals!.publish(ASK, {});
  }

  return {
    changes,
    join(projectId: string, member: OnlineMember) {
      const members = byProject.get(projectId) ?? new Map();
      byProject.set(projectId, members);
      const entry = members.get(member.member_id);
      if (entry) entry.sockets += 1;
      else members.set(member.member_id, { member, sockets: 1 });
      if (!entry) {
        changes.emit('change', projectId);
        announce(projectId);
      }
    },
    leave(projectId: string, memberId: string) {
      const members = byProject.get(projectId);
      const entry = members?.get(memberId);
      if (!members || !entry) return;
      entry.sockets -= 1;
      if (entry.sockets > 0) return;
      members.delete(memberId);
      // Announced before forgetting the project, so the others hear it emptied.
      announce(projectId);
      if (members.size === 0) byProject.delete(projectId);
      changes.emit('change', projectId);
    },
    /** Members online on any instance, each once (this instance's first). */
    online(projectId: string): OnlineMember[] {
      const all = new Map(local(projectId).map((m) => [m.member_id, m]));
      const now = Date.now();
      for (const [key, r] of remote) {
        if (!key.endsWith(` ${projectId}`) || r.expires <= now) continue;
        for (const m of [...r.parts.values()].flat()) if (!all.has(m.member_id)) all.set(m.member_id, m);
      }
      return [...all.values()];
    },
    close() {
      stops.splice(0).forEach((stop) => stop());
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
