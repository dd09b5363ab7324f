// One JSON call to a ticketing or CRM platform's REST API, with the outcome the outbox needs
// (sender.ts): ok with the body, or the error in a sentence and whether trying again can help. The
// ticketing adapters call two or three endpoints each; plain fetch does that without a client
// library whose own retries and transport would sit under the outbox's. Nothing is retried here.
const TIMEOUT_MS = 10_000;

export type Call = { ok: true; status: number; body: Record<string, any> } | { ok: false; error: string; retry: boolean; status?: number };

export async function callJson(label: string, url: string, init: { method: string; headers: Record<string, string>; body?: unknown; form?: URLSearchParams }): Promise<Call> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : init.form ? { body: init.form.toString() } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, error: `${label} could not be reached: ${cause?.code ?? cause?.message ?? (err as Error).message}`, retry: true };
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const body = (parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : { data: parsed }) as Record<string, any>;
  if (res.ok) return { ok: true, status: res.status, body };
  const reason = describeError(parsed);
  // Rate limited or down: later. A refused token, a missing permission, an unknown ticket: never.
  return { ok: false, status: res.status, error: `${label} answered HTTP ${res.status}${reason ? ` (${reason})` : ''}`, retry: res.status === 429 || res.status >= 500 };
}

/** The platform's own words about an error, short: Zendesk `{error, description}`, Zammad `{error}`, Salesforce `[{errorCode, message}]`. */
function describeError(parsed: unknown): string {
  const first = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!first || typeof first !== 'object') return '';
  const o = first as Record<string, unknown>;
  const parts = [o.errorCode, o.error, o.description, o.message, o.error_description].filter((x) => typeof x === 'string') as string[];
  return parts.join(': ').slice(0, 200);
}

export const basicAuth = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
