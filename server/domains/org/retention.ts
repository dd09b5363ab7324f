// Data retention (organization settings, shared/schemas/org-settings.ts): once a day, conversations
// whose last activity is older than the organization's `retention_days` are deleted for good, with
// what hangs on them (their files: conversations.remove runs the attachments' hook). The console
// shows a dry run first: how many the next run would delete.
//
// The day is the organization's calendar day in its time zone (UTC unless set): the run comes
// within the hour after local midnight, once per local day, wherever UTC's date changes. A changed
// time zone may move one day's run earlier or later (the local date may repeat or skip once).
//
// Several instances: each day's run of an organization is a job claim named after the local date
// (server/jobs/claims.ts) that is never released, so only one instance runs it; its lease outlives
// the day (a local day lasts 23 to 25 hours), and the next day's claim has another name. The claim
// is renewed, not refused, for the instance holding it, so each instance also remembers the day it
// last ran an organization's: the hourly checks of that day then pass without running again.
import type { AppContext } from '../../context.js';
import type { ConversationRecord, Organization } from '../../../shared/schemas/entities.js';
import { clock } from '../../lib/clock.js';
import { sharedState } from '../../jobs/shared.js';
import { localParts } from '../audiences/local-time.js';
import { knownZoneOr } from './settings-of.js';

const DAY = 86_400_000;
const CHECK_EVERY_MS = 60 * 60_000;

/** The moment of a conversation's last activity: its last message, else its last change. */
const lastActivity = (c: ConversationRecord) => Date.parse(c.last_message_at ?? c.updated_at ?? c.created_at);

export function createRetention(ctx: AppContext) {
  async function due(org: Organization, now = clock.now()): Promise<{ cutoff: number | null; items: { projectId: string; id: string }[] }> {
    const days = org.settings?.retention_days ?? null;
    if (!days) return { cutoff: null, items: [] };
    const cutoff = now - days * DAY;
    const items: { projectId: string; id: string }[] = [];
    for (const project of await ctx.services.projects.listProjects(org.id)) {
      for (const c of await ctx.services.conversations.list(project.id)) {
        if (lastActivity(c) < cutoff) items.push({ projectId: project.id, id: c.id });
      }
    }
    return { cutoff, items };
  }

  /** Deletes what is due for one organization; answers how many conversations went. */
  async function run(org: Organization, now = clock.now()): Promise<number> {
    const { items } = await due(org, now);
    let deleted = 0;
    for (const item of items) if (await ctx.services.conversations.remove(item.projectId, item.id)) deleted++;
    return deleted;
  }

  /** Organization id → the local date of its last run on this instance. */
  const ranOn = new Map<string, string>();

  /** Every organization with a retention period, once per day of its time zone across instances. */
  async function runDaily(now = clock.now()): Promise<void> {
    const { claims } = sharedState(ctx);
    for (const org of await ctx.services.org.listOrganizations()) {
      if (!org.settings?.retention_days) continue;
      const day = localParts(now, knownZoneOr(org.settings.timezone)).date;
      if (ranOn.get(org.id) === day) continue;
      if (!(await claims.acquire(`retention:${org.id}:${day}`, { ttlMs: 2 * DAY }).catch(() => false))) continue;
      await run(org, now);
      // Only after a run that went through: a failed one is tried again at the next hourly check.
      ranOn.set(org.id, day);
    }
  }

  return { due, run, runDaily };
}

export type Retention = ReturnType<typeof createRetention>;

/** Checks each hour whether today's run is still to do (so a restart never skips a day). */
export function startRetentionJob(ctx: AppContext, retention: Retention): void {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= retention.runDaily().catch((err: unknown) => console.error('data retention', err)).finally(() => (running = null));
  };
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  ctx.onClose(async () => {
    clearInterval(timer);
    await running;
  });
}
