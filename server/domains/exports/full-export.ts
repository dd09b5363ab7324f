// Full dataset exports (spec 4.1): requested by someone holding full_export:read, built in the
// background (a job record with status and progress the console polls; a request never waits for
// it), at most FULL_EXPORTS_PER_DAY per project in any 24 hours, downloadable through a signed link
// for FULL_EXPORT_LINK_DAYS, e-mailed to the requester when e-mail is configured, and announced with
// the webhook event export.ready where webhooks exist. One job runs at a time per server; a job
// a restart interrupted runs again from the start (the file is written through a temporary name).
import { access, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FULL_EXPORTS_PER_DAY, FULL_EXPORT_LINK_DAYS, type ExportFormat, type FullExport, type FullExportList } from '../../../shared/schemas/exports.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { writeDataset } from './dataset.js';
import { exportMediaLinks } from '../attachments/service.js';
import { linkSigner } from './links.js';
import { announceReady } from './notify.js';
import { heartbeat, type JobClaims } from '../../jobs/claims.js';

export interface StoredFullExport extends Omit<FullExport, 'download_url'> {
  organization_id: string;
  /** Where the link is e-mailed (the requesting member); null for an API key. */
  requester_email: string | null;
  /** Set on a recurring export's run (schedules.ts): its file is an entity export in `format`. */
  kind?: 'scheduled';
  format?: ExportFormat;
}

/** Where a job's file lives: DATA_DIR/exports/<id>.<format>. */
export const exportFilePath = (dataDir: string, job: Pick<StoredFullExport, 'id' | 'format'>) => join(dataDir, 'exports', `${job.id}.${job.format ?? 'jsonl'}`);

const DAY_MS = 86_400_000;
/** Recurring exports' runs share the links and the sweep, not the list or the daily limit. */
const isFull = (j: StoredFullExport) => j.kind === undefined;
const LINK_MS = FULL_EXPORT_LINK_DAYS * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();

export interface Requester {
  label: string | null;
  email: string | null;
}

/** `shared`: the instances' job claims; without it (or on the embedded store) this process is alone. */
export function createFullExports(ctx: Pick<AppContext, 'store' | 'config' | 'services' | 'onClose'>, shared?: { claims: JobClaims; leaseMs: number }) {
  const jobs = ctx.store.collection('export_jobs');
  const dir = join(ctx.config.dataDir, 'exports');
  const fileOf = (job: Pick<StoredFullExport, 'id' | 'format'>) => exportFilePath(ctx.config.dataDir, job);
  const queue: StoredFullExport[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  const patch = (job: StoredFullExport, change: Partial<StoredFullExport>) => jobs.update(job.project_id, job.id, (j) => ({ ...j, ...change }));

  async function run(job: StoredFullExport) {
    await patch(job, { status: 'running', progress: { done: 0, total: null } });
    try {
      await mkdir(dir, { recursive: true });
      const media = await exportMediaLinks(ctx);
      const bytes = await writeDataset(ctx.services, job.project_id, fileOf(job), async (done, total) => void (await patch(job, { progress: { done, total } })), media);
      const now = clock.now();
      const ready: StoredFullExport = { ...job, status: 'ready', bytes, finished_at: iso(now), expires_at: iso(now + LINK_MS) };
      // Announced before the job reads ready, so whoever sees it ready also sees whether it was
      // e-mailed; a crash in between builds and announces it again (at least once, never lost).
      const view = await publicView(ready);
      const emailed = await announceReady(ctx, ready, view);
      // export.ready is stored before the job reads ready and sent only once it does (webhooks/relay.ts).
      const event = { export_id: job.id, kind: 'full', download_url: view.download_url, expires_at: view.expires_at };
      const check = { collection: 'export_jobs', scope: job.project_id, id: job.id, fields: { status: 'ready', finished_at: ready.finished_at } } as const;
      await ctx.services.webhooks.around(job.project_id, [['export.ready', event]], check, () =>
        patch(job, { status: 'ready', bytes, finished_at: ready.finished_at, expires_at: ready.expires_at, emailed }),
      );
    } catch (error) {
      await patch(job, { status: 'failed', error: 'The export could not be written; request it again (it does not count against the daily limit).', finished_at: iso(clock.now()) });
      console.error('full export failed', job.id, error);
    }
  }

  function kick() {
    if (running || closed) return;
    const next = queue.shift();
    if (!next) return;
    running = runClaimed(next).finally(() => {
      running = null;
      kick();
    });
  }

  /**
   * On a database shared by instances (docs/architecture.md section 7) a job runs under its claim:
   * another instance may be running it or have finished it since it was queued here, so it is read
   * again once claimed. A job whose instance died is free once its claim lapses, and the next
   * look for unfinished jobs (each lease) takes it. Its file is written to this instance's DATA_DIR.
   */
  async function runClaimed(job: StoredFullExport): Promise<void> {
    if (!shared?.claims.shared) return run(job);
    const name = `export:${job.id}`;
    if (!(await shared.claims.acquire(name, { ttlMs: shared.leaseMs }).catch(() => false))) return;
    const stopBeat = heartbeat(shared.claims, name, shared.leaseMs, () => undefined);
    try {
      const current = await jobs.get(job.project_id, job.id);
      if (current?.status === 'queued' || current?.status === 'running') await run(current);
    } finally {
      stopBeat();
      await shared.claims.release(name).catch(() => undefined);
    }
  }
  /** Queues the unfinished jobs not queued here yet (those of a dead instance among them) and starts the next. */
  async function resume(): Promise<void> {
    for (const status of ['running', 'queued'] as const) {
      for (const j of await jobs.findBy('status', status)) if (!queue.some((q) => q.id === j.id)) queue.push(j);
    }
    kick();
  }
  if (shared?.claims.shared) {
    const look = setInterval(() => void (closed ? undefined : resume().catch(() => undefined)), Math.max(1000, shared.leaseMs));
    look.unref();
    ctx.onClose(() => clearInterval(look));
  }

  async function publicView(job: StoredFullExport): Promise<FullExport> {
    const { organization_id: _o, requester_email: _e, ...rest } = job;
    const valid = job.status === 'ready' && job.expires_at !== null && Date.parse(job.expires_at) > clock.now();
    const download_url = valid ? `${ctx.config.baseUrl}${(await linkSigner(ctx)).path(job.project_id, job.id, Date.parse(job.expires_at!))}` : null;
    return { ...rest, status: job.status === 'ready' && !valid ? 'expired' : job.status, download_url };
  }

  /** Counted against the limit: every request of the last 24 hours that did not fail. */
  function limitOf(list: readonly StoredFullExport[]) {
    const since = clock.now() - DAY_MS;
    const recent = list.filter((j) => j.status !== 'failed' && Date.parse(j.created_at) > since).map((j) => Date.parse(j.created_at)).sort((a, b) => a - b);
    const remaining = Math.max(0, FULL_EXPORTS_PER_DAY - recent.length);
    const nextAt = remaining > 0 ? null : recent[recent.length - FULL_EXPORTS_PER_DAY] + DAY_MS;
    return { per_day: FULL_EXPORTS_PER_DAY, remaining, next_available_at: nextAt === null ? null : iso(nextAt) };
  }

  /** Removes files whose links expired (the job record stays, shown as expired). */
  async function sweep(list: readonly StoredFullExport[]) {
    for (const j of list) if (j.status === 'ready' && j.expires_at && Date.parse(j.expires_at) <= clock.now()) await rm(fileOf(j), { force: true });
  }

  // Jobs a restart interrupted run again; files whose links expired while the server was down go.
  void (async () => {
    for (const status of ['running', 'queued'] as const) queue.push(...(await jobs.findBy('status', status)));
    kick();
    await sweep(await jobs.findBy('status', 'ready'));
  })().catch((error: unknown) => console.error('full exports: resuming failed', error));
  ctx.onClose(async () => {
    closed = true;
    await running;
  });

  return {
    resume,
    /** Resolves when the job running here (if any) has finished. */
    idle: async () => void (await running),
    async request(projectId: string, requester: Requester): Promise<FullExport> {
      const project = await ctx.services.projects.getProject(projectId);
      if (!project) throw notFound('project');
      const limit = limitOf((await jobs.list(projectId)).filter(isFull));
      if (limit.remaining === 0) {
        const retry_after = Math.max(1, Math.ceil((Date.parse(limit.next_available_at!) - clock.now()) / 1000));
        throw new AppError('export_limit_reached', `A project may request ${FULL_EXPORTS_PER_DAY} full exports a day: retry in ${retry_after} seconds`, { retry_after, next_available_at: limit.next_available_at });
      }
      const job: StoredFullExport = {
        id: newId(),
        project_id: projectId,
        organization_id: project.organization_id,
        status: 'queued',
        progress: { done: 0, total: null },
        requested_by: requester.label,
        requester_email: requester.email,
        bytes: null,
        emailed: false,
        error: null,
        created_at: iso(clock.now()),
        finished_at: null,
        expires_at: null,
      };
      await jobs.put(projectId, job);
      queue.push(job);
      kick();
      return publicView(job);
    },

    async list(projectId: string): Promise<FullExportList> {
      const all = await jobs.list(projectId);
      await sweep(all);
      const list = all.filter(isFull);
      const data = await Promise.all(list.slice(-20).reverse().map(publicView));
      return { data, limit: limitOf(list), mail_configured: ctx.services.mail.configured };
    },

    publicView,

    async get(projectId: string, id: string): Promise<FullExport> {
      const job = await jobs.get(projectId, id);
      if (!job) throw notFound('export');
      return publicView(job);
    },

    /** The file behind a signed link, or the reason it is refused (checked in this order: signature, expiry, file). */
    async open(id: string, expires: number, signature: string): Promise<{ path: string; job: StoredFullExport }> {
      const [job] = await jobs.findBy('id', id);
      const signer = await linkSigner(ctx);
      const check = job ? signer.check(job.project_id, job.id, expires, signature) : ({ ok: false, reason: 'bad_signature' } as const);
      if (!job || !check.ok) {
        if (check.ok === false && check.reason === 'expired') throw new AppError('link_expired', 'This download link has expired (links work for 7 days); request a new full export.');
        throw new AppError('invalid_signature', 'This download link is not valid: it was changed or is not one Parley made.');
      }
      // A link signed with a later expiry than the job's own is not one this server handed out.
      if (job.status !== 'ready' || !job.expires_at || Date.parse(job.expires_at) <= clock.now() || expires * 1000 > Date.parse(job.expires_at)) {
        throw new AppError('link_expired', 'This export is no longer available; request a new full export.');
      }
      const path = fileOf(job);
      // Checked before any byte is sent: a file lost with its data directory is a clear 404, not a broken download.
      await access(path).catch(() => {
        throw notFound('export file');
      });
      return { path, job };
    },
  };
}

export type FullExports = ReturnType<typeof createFullExports>;
