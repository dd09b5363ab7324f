// Who runs next when Unitool runs wait for a sandbox (docs/behaviour.md "Unitools", "Runs and
// waiting"). A few runs at once for the whole server keep a burst of tool calls from taking every
// core; the queue in front of them is fair between projects: each project waits in its own line,
// a free slot goes to the waiting project served longest ago (not first come), a project holds at most
// `perProject` slots, and its line is short and bounded in time. One project's flood of calls
// therefore costs another project at most the rest of one run, never the flood itself.

export interface RunQueueLimits {
  /** Runs at once on this server (UNITOOL_CONCURRENCY). */
  concurrency: number;
  /** Runs at once of one project (UNITOOL_PROJECT_CONCURRENCY); at most `concurrency`. */
  perProject: number;
  /** Runs of one project that may wait; one more is refused at once (UNITOOL_QUEUE_LENGTH). */
  queueLength: number;
  /** How long a run may wait for its slot before it fails (UNITOOL_QUEUE_WAIT_MS). */
  waitMs: number;
}

export const DEFAULT_RUN_QUEUE_LIMITS: RunQueueLimits = { concurrency: 2, perProject: 1, queueLength: 10, waitMs: 10_000 };

export class QueueRefused extends Error {
  constructor(
    readonly code: 'queue_full' | 'queue_timeout',
    message: string,
  ) {
    super(message);
  }
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

export function createRunQueue(overrides: Partial<RunQueueLimits> = {}) {
  const limits = { ...DEFAULT_RUN_QUEUE_LIMITS, ...overrides };
  const perProject = Math.min(limits.perProject, limits.concurrency);
  let total = 0;
  const running = new Map<string, number>();
  /** Each project's line of waiting runs. */
  const lines = new Map<string, Waiter[]>();
  /** When each active project last got a slot: the next slot goes to the one served longest ago. */
  const lastServed = new Map<string, number>();
  let clock = 0;

  function admit(project: string): void {
    total++;
    running.set(project, (running.get(project) ?? 0) + 1);
    lastServed.set(project, ++clock);
  }

  function next(): void {
    while (total < limits.concurrency) {
      let project: string | undefined;
      for (const p of lines.keys()) {
        if ((running.get(p) ?? 0) >= perProject) continue;
        if (project === undefined || (lastServed.get(p) ?? 0) < (lastServed.get(project) ?? 0)) project = p;
      }
      if (project === undefined) return;
      const line = lines.get(project)!;
      const waiter = line.shift()!;
      if (!line.length) lines.delete(project);
      clearTimeout(waiter.timer);
      // The slot is taken here, before the waiter's code resumes, so this loop cannot give it twice.
      admit(project);
      waiter.start();
    }
  }

  async function run<T>(project: string, fn: () => Promise<T>): Promise<T> {
    const line = lines.get(project) ?? [];
    if ((running.get(project) ?? 0) >= perProject || total >= limits.concurrency || line.length) {
      if (line.length >= limits.queueLength) {
        throw new QueueRefused('queue_full', `${limits.queueLength} runs of this project are already waiting for the sandbox; try again when they are done`);
      }
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          start: resolve,
          timer: setTimeout(() => {
            const own = lines.get(project) ?? [];
            own.splice(own.indexOf(waiter), 1);
            if (!own.length) lines.delete(project);
            reject(new QueueRefused('queue_timeout', `waited ${limits.waitMs} ms for a free sandbox and was not run; the server is busy with other runs`));
          }, limits.waitMs),
        };
        line.push(waiter);
        if (!lines.has(project)) lines.set(project, line);
      });
    } else {
      admit(project);
    }
    try {
      return await fn();
    } finally {
      total--;
      const left = running.get(project)! - 1;
      if (left) running.set(project, left);
      else running.delete(project);
      if (!left && !lines.has(project)) lastServed.delete(project);
      next();
    }
  }

  return { run, limits: { ...limits, perProject } };
}

export type RunQueue = ReturnType<typeof createRunQueue>;
