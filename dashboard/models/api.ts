// The one place the console calls the server: pages read models, and only models call the API.
// Same-origin fetch with the session cookie; every state-changing call carries the CSRF token from
// sign-in (or GET /v1/org/me after a reload) in X-CSRF-Token (docs/api.md "Two kinds of caller").
// Errors keep the server's stable `error` code (shared/errors.ts) and its message for the UI.
import { signal } from '@preact/signals';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error body's other fields (docs/api.md): e.g. `path` of the audience condition at fault, `details`. */
    readonly extras: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

let csrfToken = '';
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/** Set when a call answers 401: the session ended (expired, signed out elsewhere). */
export const sessionLost = signal(false);

type Query = Record<string, string | number | boolean | readonly string[] | undefined | null>;

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function api<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A Blob (an uploaded zip) goes as raw bytes with its own type; anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined) headers['content-type'] = raw ? body.type || 'application/octet-stream' : 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : raw ? body : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Check your connection and retry.');
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
  if (!res.ok) {
    if (res.status === 401 && path !== '/v1/org/login') sessionLost.value = true;
    const { error, message, ...extras } = (data ?? {}) as Record<string, unknown>;
    throw new ApiError(res.status, typeof error === 'string' ? error : 'http_error', typeof message === 'string' ? message : `${res.status} ${res.statusText}`, extras);
  }
  return data as T;
}

/** A readable line for any thrown value. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * A file the server sends as an attachment (an export of the selected conversations): POSTed like
 * any state-changing call, with the CSRF token, and handed back as a Blob with its file name.
 */
export async function apiFile(path: string, body: unknown): Promise<{ blob: Blob; filename: string; headers: Headers }> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken }, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network_error', 'The server cannot be reached. Check your connection and retry.');
  }
  if (!res.ok) {
    if (res.status === 401) sessionLost.value = true;
    const { error, message, ...extras } = ((await res.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    throw new ApiError(res.status, typeof error === 'string' ? error : 'http_error', typeof message === 'string' ? message : `${res.status} ${res.statusText}`, extras);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  return { blob: await res.blob(), filename, headers: res.headers };
}
