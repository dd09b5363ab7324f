// Recurring exports (spec 4.1: "configured in data-export settings"): an entity export sent daily or
// weekly, to an e-mail address (a signed link, through the mail outbox) or to one of the project's
// webhook endpoints (a POST naming the signed link, signed with the endpoint's secret: webhook-post.ts). Each run covers what is new since the previous one: conversations or
// messages created since then (users: all of them), at most 10,000 rows as any entity export. A run
// is an export job of kind 'scheduled', so its file leaves through the same 7-day signed link.
// A failed delivery is tried again an hour later; the schedule shows the last error meanwhile.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { EXPORT_SCHEDULES_MAX, FULL_EXPORT_LINK_DAYS, type ExportSchedule, type ExportScheduleBody } from '../../../shared/schemas/exports.js';
import type { AppContext } from '../../context.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { checkUrl } from '../../lib/safe-fetch.js';
import type { EntityExports } from './entity.js';
import { exportFilePath, type FullExports, type StoredFullExport } from './full-export.js';
import { endpointAt, postSignedNotice } from './webhook-post.js';

export interface StoredSchedule extends ExportSchedule {
  organization_id: string;
}

const HOUR = 3_600_000;
/** How long a claimed run holds its schedule before it counts as abandoned by a dead instance. */
const RUN_CLAIM_MS = 10 * 60_000;
const PERIOD = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR };
const iso = (ms: number) => new Date(ms).toISOString();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createExportSchedules(ctx: Pick<AppContext, 'store' | 'config' | 'services' | 'onClose'>, entity: EntityExports, full: FullExports) {
  const schedules = ctx.store.collection('export_schedules');
  const jobs = ctx.store.collection('export_jobs');
  const policy = { allowPrivate: ctx.config.allowPrivateFetch };
  let running: Promise<void> | null = null;

  async function deliver(s: StoredSchedule, job: StoredFullExport, rows: number, truncated: boolean) {
    const view = await full.publicView(job);
    const data = { export_id: job.id, kind: 'scheduled', schedule_id: s.id, entity: s.entity, format: s.format, rows, truncated, download_url: view.download_url, expires_at: view.expires_at };
    if (s.destination === 'webhook') {
      // One webhook-id per run's file: a receiver that drops repeats drops nothing new.
      const body = JSON.stringify({ type: 'export.ready', timestamp: iso(clock.now()), data });
      return postSignedNotice(ctx.services.webhooks, s.project_id, s.to, `msg_${job.id}`, body);
    }
    if (!ctx.services.mail.configured) throw new Error('this server sends no e-mail (SMTP_URL is not set)');
    const project = await ctx.services.projects.getProject(s.project_id);
    const name = project?.name ?? 'your project';
    const text =
      `The ${s.frequency} export of ${s.entity} from "${name}" is ready: ${rows} rows${truncated ? ' (cut at the 10,000-row limit)' : ''}.\n\n` +
      `Download it (${s.format}):\n${view.download_url}\n\nThe link works for ${FULL_EXPORT_LINK_DAYS} days without sign-in: anyone who has it can download the file.\n`;
    await ctx.services.mail.enqueue({ kind: 'export_ready', organization_id: s.organization_id, project_id: s.project_id, to: s.to, subject: `${name}: ${s.frequency} export of ${s.entity}`, text });
  }

  async function runOne(s: StoredSchedule, nowMs: number) {
    // From the last run that was sent (a failed one is sent again whole), or since the schedule was made.
    const since = s.last_run_at ?? s.created_at;
    try {
      const file = s.entity === 'users' ? await entity.users(s.project_id, { format: s.format }) : await entity.conversations(s.project_id, s.entity, { format: s.format, created_after: since });
      const job: StoredFullExport = {
        id: newId(), project_id: s.project_id, organization_id: s.organization_id, kind: 'scheduled', format: s.format, status: 'ready',
        progress: { done: file.rows, total: file.total }, requested_by: `${s.frequency} export`, requester_email: null, bytes: null, emailed: false, error: null,
        created_at: iso(nowMs), finished_at: iso(nowMs), expires_at: iso(nowMs + FULL_EXPORT_LINK_DAYS * 24 * HOUR),
      };
      const path = exportFilePath(ctx.config.dataDir, job);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(file.stream, createWriteStream(path));
      await jobs.put(s.project_id, job);
      await deliver(s, job, file.rows, file.truncated);
      await schedules.update(s.project_id, s.id, (d) => ({ ...d, last_run_at: job.created_at, next_run_at: iso(nowMs + PERIOD[d.frequency]), last_status: 'sent', last_error: null }));
    } catch (error) {
      const last_error = String((error as Error)?.message ?? error).slice(0, 300);
      await schedules.update(s.project_id, s.id, (d) => ({ ...d, next_run_at: iso(nowMs + HOUR), last_status: 'failed', last_error }));
    }
  }

  /**
   * Takes a due run by moving next_run_at past it, in one serialised update (a locked row on
   * PostgreSQL): another instance on the same database then finds it not due, so a run is sent
   * once; if this instance dies mid-run the schedule is due again after RUN_CLAIM_MS
   * (docs/architecture.md section 7). The run's outcome sets the real next time.
   */
  async function claimRun(s: StoredSchedule): Promise<StoredSchedule | undefined> {
    let claimed: StoredSchedule | undefined;
    await schedules.update(s.project_id, s.id, (d) => {
      if (Date.parse(d.next_run_at) > clock.now()) return undefined;
      claimed = { ...d, next_run_at: iso(clock.now() + RUN_CLAIM_MS) };
      return claimed;
    });
    return claimed;
  }

  /** Runs every schedule that is due, one at a time (a timer calls it each minute; tests call it with a moved clock). */
  async function runDue(): Promise<void> {
    if (running) return running;
    running = (async () => {
      for (const scope of await schedules.scopes()) {
        for (const s of await schedules.list(scope)) {
          if (Date.parse(s.next_run_at) > clock.now()) continue;
          const claimed = await claimRun(s);
          if (claimed) await runOne(claimed, clock.now());
        }
      }
    })().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void runDue().catch((error: unknown) => console.error('recurring exports', error)), 60_000);
  timer.unref();
  ctx.onClose(async () => {
    clearInterval(timer);
    await running;
  });

  return {
    runDue,
    list: async (projectId: string): Promise<ExportSchedule[]> => (await schedules.list(projectId)).map(({ organization_id: _o, ...s }) => s),

    async create(projectId: string, body: ExportScheduleBody): Promise<ExportSchedule> {
      const project = await ctx.services.projects.getProject(projectId);
      if (!project) throw notFound('project');
      const to = body.to.trim();
      if (body.destination === 'email' && !EMAIL.test(to)) throw invalid('`to` must be an e-mail address', [{ path: 'body.to', message: 'is not an e-mail address' }]);
      if (body.destination === 'webhook') {
        try {
          checkUrl(to, policy);
        } catch (error) {
          throw invalid(`\`to\` must be an http(s) URL Parley may call: ${(error as Error).message}`, [{ path: 'body.to', message: 'is not a URL Parley may call' }]);
        }
        if (!(await endpointAt(ctx.services.webhooks, projectId, to))) {
          throw invalid('`to` must be the URL of one of the project\'s webhook endpoints, whose secret signs the POST', [{ path: 'body.to', message: 'is not a webhook endpoint of the project' }]);
        }
      }
      if ((await schedules.list(projectId)).length >= EXPORT_SCHEDULES_MAX) throw new AppError('conflict', `A project may have ${EXPORT_SCHEDULES_MAX} recurring exports`);
      const now = clock.now();
      const s: StoredSchedule = {
        ...body, to, id: newId(), project_id: projectId, organization_id: project.organization_id,
        created_at: iso(now), next_run_at: iso(now + PERIOD[body.frequency]), last_run_at: null, last_status: null, last_error: null,
      };
      await schedules.put(projectId, s);
      const { organization_id: _o, ...out } = s;
      return out;
    },

    async remove(projectId: string, id: string): Promise<void> {
      if (!(await schedules.delete(projectId, id))) throw notFound('recurring export');
    },
  };
}

export type ExportSchedules = ReturnType<typeof createExportSchedules>;
