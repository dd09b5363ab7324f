// Tab-scoped storage for the outbox and the last conversation shown (docs/architecture.md section 8: only
// platform/ touches storage). sessionStorage survives a reload but not the tab; memory mode (no
// consent, or storage blocked) keeps everything in this page's memory.
export interface TabStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  setPersistent(on: boolean): void;
}

export function createTabStore(prefix: string, persistent: boolean): TabStore {
  const memory = new Map<string, string>();
  let store: Storage | null = null;
  const attach = (on: boolean) => {
    store = null;
    if (!on) return;
    // Reading the property throws where storage is blocked; no write probe at start-up (a write is a
    // synchronous round trip on a slow phone): a write that fails later (quota) keeps to memory in set().
    try {
      store = window.sessionStorage;
    } catch {
      store = null;
    }
  };
  attach(persistent);
  const k = (key: string) => `${prefix}:${key}`;
  return {
    get<T>(key: string) {
      let raw: string | null | undefined = memory.get(key);
      if (raw === undefined && store) {
        raw = store.getItem(k(key));
        if (raw != null) memory.set(key, raw);
      }
      if (raw == null) return undefined;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      const raw = JSON.stringify(value);
      memory.set(key, raw);
      try {
        store?.setItem(k(key), raw);
      } catch {
        /* quota or blocked: memory still holds it */
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        store?.removeItem(k(key));
      } catch {
        /* ignore */
      }
    },
    setPersistent(on) {
      const wasOn = store !== null;
      attach(on);
      if (!on && wasOn) {
        try {
          for (const key of memory.keys()) window.sessionStorage.removeItem(k(key));
        } catch {
          /* ignore */
        }
      }
      if (on && store) for (const [key, raw] of memory) (store as Storage).setItem(k(key), raw);
    },
  };
}
