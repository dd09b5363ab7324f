// One task at a time per key (a platform event, a platform thread) inside this process: a retry that
// arrives while the first delivery is being stored, or two messages of one thread, never interleave.
export function createKeyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async function exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.then(task, task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
