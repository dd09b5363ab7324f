// One control group per Unitool run, so `memory_mb` bounds the run as a whole and not each of its
// processes (docs/behaviour.md "Unitools", "Memory"). prlimit's address-space limit is per process:
// six children held 540 MiB under 128 before this. Where the server may create cgroups, every run
// gets its own with the memory limit (and, on cgroup v2, the process limit); the kernel charges the
// run's /tmp and /dev/shm pages to it too. Where it may not, the sandbox falls back to fewer
// processes (sandbox.ts) and the docs state the total that allows.
//
// Where: UNITOOL_CGROUP names the parent directory, either a cgroup v2 group delegated to the
// server's user (the server enables memory and pids for its children; the kernel's "no internal
// processes" rule means the server's own process must live elsewhere, e.g. systemd's
// DelegateSubgroup=) or a cgroup v1 memory group the server may write (root on a v1 host). Unset,
// there are no run cgroups: taking one unasked would mean moving the server's own process or
// writing into a group someone else manages.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync, accessSync, constants } from 'node:fs';
import { join } from 'node:path';

export interface CgroupHost {
  kind: 'v1' | 'v2';
  /** Directory under which each run's group is made. */
  parent: string;
}

export interface RunCgroup {
  path: string;
  /** Moves a process (and everything it starts later) into the group. */
  enter(pid: number): void;
  /** Whether the kernel killed a process of the run for going over its memory. */
  oomKilled(): boolean;
  /** Kills what is left (v2) and removes the group once it is empty. */
  remove(): void;
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The parent for run cgroups that UNITOOL_CGROUP names; null when unset; throws why it cannot be used. */
export function findCgroupHost(setting: string | undefined): CgroupHost | null {
  if (!setting) return null;
  if (!writable(setting)) throw new Error(`${setting} is not a directory the server may write`);
  if (existsSync(join(setting, 'cgroup.controllers'))) {
    const enabled = () => readFileSync(join(setting, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
    if (!enabled().includes('memory') || !enabled().includes('pids')) {
      try {
        writeFileSync(join(setting, 'cgroup.subtree_control'), '+memory +pids');
      } catch (err) {
        throw new Error(`cannot enable the memory and pids controllers for its children (${(err as Error).message}); the group must be delegated and hold no process itself`);
      }
    }
    return { kind: 'v2', parent: setting };
  }
  if (existsSync(join(setting, 'memory.limit_in_bytes'))) return { kind: 'v1', parent: setting };
  throw new Error(`${setting} is neither a cgroup v2 group nor a cgroup v1 memory group`);
}

let made = 0;

/** A fresh group for one run holding at most `memoryBytes` and, on v2, `processes`. */
export function createRunCgroup(host: CgroupHost, memoryBytes: number, processes: number): RunCgroup {
  const path = join(host.parent, `parley-unitool-${process.pid}-${++made}`);
  mkdirSync(path);
  const set = (file: string, value: string | number) => writeFileSync(join(path, file), String(value));
  try {
    if (host.kind === 'v2') {
      set('memory.max', memoryBytes);
      if (existsSync(join(path, 'memory.swap.max'))) set('memory.swap.max', 0);
      // One process over the limit takes the whole run with it: a half-killed run answers nonsense.
      set('memory.oom.group', 1);
      set('pids.max', processes);
    } else {
      set('memory.limit_in_bytes', memoryBytes);
      // Memory plus swap, where swap accounting is on: the run may not page its way past the limit.
      if (existsSync(join(path, 'memory.memsw.limit_in_bytes'))) set('memory.memsw.limit_in_bytes', memoryBytes);
    }
  } catch (err) {
    rmdirSync(path);
    throw err;
  }
  return {
    path,
    enter: (pid) => set('cgroup.procs', pid),
    oomKilled() {
      try {
        const file = host.kind === 'v2' ? 'memory.events' : 'memory.oom_control';
        const count = /^oom_kill (\d+)$/m.exec(readFileSync(join(path, file), 'utf8'))?.[1];
        return Number(count ?? 0) > 0;
      } catch {
        return false;
      }
    },
    remove() {
      if (host.kind === 'v2') {
        try {
          set('cgroup.kill', 1);
        } catch {
          // kernels before 5.14: the pid namespace ends the processes anyway
        }
      }
      // The pid namespace's last processes may still be exiting: try again for a few seconds.
      let tries = 0;
      const attempt = () => {
        try {
          rmdirSync(path);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EBUSY' && ++tries < 50) setTimeout(attempt, 100).unref();
        }
      };
      attempt();
    },
  };
}
