// Configuration from the environment, validated once at start. An invalid value stops the
// process with a message naming the variable. Every URL the server prints or embeds comes from here
// (docs/architecture.md section 1).
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { decodeMasterKey } from './lib/secret-box.js';
import type { CrawlLimits } from './lib/crawl-limits.js';
import type { RunQueueLimits } from './domains/unitools/run-queue.js';
import type { WebhookSettings } from './domains/webhooks/settings.js';
import type { S3Settings } from './domains/attachments/s3-storage.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * DATABASE_URL: documents in PostgreSQL (server/store/postgres, docs/architecture.md "PostgreSQL
   * store") instead of the embedded store under DATA_DIR, which still holds the master key and files.
   */
  databaseUrl: string | null;
  baseUrl: string;
  chatUrl: string;
  cdnUrl: string;
  env: 'live' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (docs/scaling.md). Unset:
   * none, so the client is the socket's peer. A list, never "trust everyone": a client could then
   * pick its own address and walk around every per-address limit.
   */
  trustProxy: string[] | false;
  /** Outbound fetches to private/loopback addresses (crawler, providers): off by default (SSRF). */
  allowPrivateFetch: boolean;
  /**
   * External tool servers over stdio start a local program chosen by the project's team, so they
   * are off unless the operator of this server sets MCP_STDIO_ENABLED=true (docs/behaviour.md
   * "External tool servers (MCP)").
   */
  mcpStdioEnabled: boolean;
  /** SearXNG-compatible search (GET <url>?q=…&format=json) behind the search_web tool; unset: search_web is not offered. */
  webSearchUrl: string | null;
  /** Master key (base64, 32 bytes) for encrypted secrets; default: generated into DATA_DIR/master.key. */
  masterKey: string | null;
  /**
   * OpenAI-compatible LLM; unset means the offline answerer (docs/architecture.md section 6).
   * `vision` (OPENAI_VISION): the model reads images, so visitors' screenshots are sent to it
   * (docs/attachments.md "The AI and files"); off unless set, since a text-only model refuses them.
   */
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number; vision?: boolean } | null;
  /** OpenAI-compatible embeddings; unset means the local embedder. */
  embeddings: { baseUrl: string; apiKey: string; model: string } | null;
  /** OpenAI-compatible /audio/transcriptions; unset means the offline recogniser. */
  stt: { baseUrl: string; apiKey: string; model: string } | null;
  /** Keep uploaded voice audio after transcription; off by default. */
  keepAudio: boolean;
  /** Seed the demo organization and project on first start. */
  seedDemo: boolean;
  /** Folders a wiki provider may import from (WIKI_IMPORT_DIRS, ':'-separated); DATA_DIR/imports is always allowed. */
  wikiImportDirs: string[];
  /** Crawler concurrency, timeout and page size cap: CRAWL_CONCURRENCY, CRAWL_TIMEOUT_MS,
   * CRAWL_MAX_PAGE_BYTES; unset fields use DEFAULT_CRAWL_LIMITS (server/lib/crawl-limits.ts). */
  crawlLimits?: Partial<CrawlLimits>;
  /** Unitool runs at once and their queue: UNITOOL_CONCURRENCY, UNITOOL_PROJECT_CONCURRENCY,
   * UNITOOL_QUEUE_LENGTH, UNITOOL_QUEUE_WAIT_MS; unset fields use DEFAULT_RUN_QUEUE_LIMITS
   * (server/domains/unitools/run-queue.ts). */
  unitoolLimits?: Partial<RunQueueLimits>;
  /** UNITOOL_CGROUP: where each Unitool run gets its cgroup ('off', a directory, unset: found; server/domains/unitools/run-cgroup.ts). */
  unitoolCgroup?: string;
  /** Widget visitor rate limits; unset fields use DEFAULT_WIDGET_LIMITS in server/domains/widget/limits.ts. */
  widgetLimits?: Partial<import('./domains/widget/limits.js').WidgetLimits>;
  /** Directory of the built widget (vite output) served under CDN_URL/widget; default <repo>/dist/widget. */
  widgetDir?: string;
  /** SMTP_URL and MAIL_FROM (docs/operators.md "E-mail"); unset: Parley sends no e-mail. */
  mail?: MailConfig | null;
  /** WEBHOOK_DISABLE_AFTER_HOURS, WEBHOOK_TIMEOUT_SECONDS, WEBHOOK_CONCURRENCY (docs/api.md "Webhooks"); unset fields keep the defaults of server/domains/webhooks/settings.ts. */
  webhooks?: Partial<Pick<WebhookSettings, 'disableAfterMs' | 'timeoutMs' | 'concurrency'>>;
  /** JOB_LEASE_SECONDS: how long a job claim outlives a dead holder (server/jobs/shared.ts; default 30 s). */
  jobLeaseMs?: number;
  /**
   * ADMIN_TOKEN: the bearer token(s) of the instance operators' admin API `/v1/admin/…`
   * (docs/billing.md "Admin API"); comma-separated so a new token can be rolled out before the old
   * one is removed. Unset or empty: the admin API is off (404 admin_api_disabled).
   */
  adminTokens?: string[];
  /**
   * FILE_STORAGE and S3_* (docs/attachments.md "Storage"): where attachment bytes live. Unset or
   * `local`: DATA_DIR/files; `s3`: an S3-compatible bucket.
   */
  fileStorage?: FileStorageConfig;
}

export type FileStorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  smtpUrl: string;
  /** The From of every message, e.g. `Acme support <support@acme.example>`. */
  from: string;
  /** Waits between attempts; default RETRY_DELAYS_MS (server/domains/mail/mailer.ts). Tests shorten them. */
  retryDelaysMs?: number[];
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function port(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(name, `must be a port number 0-65535, got "${raw}"`);
  return n;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(name, `must use http or https, got "${raw}"`);
  }
  return parsed.origin + parsed.pathname.replace(/\/+$/, '');
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** An optional integer within [min, max]; undefined when unset so the owner's default applies. */
function intIn(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/**
 * Crawl limits from the environment (spec 2.11 crawler). Bounds keep an operator typo from
 * disabling the protections (a 0 ms timeout, an unbounded page) or flooding a site with fetches.
 */
function crawlLimits(env: Env): Config['crawlLimits'] {
  const limits = {
    concurrency: intIn(env, 'CRAWL_CONCURRENCY', 1, 32),
    timeoutMs: intIn(env, 'CRAWL_TIMEOUT_MS', 100, 600_000),
    maxBytes: intIn(env, 'CRAWL_MAX_PAGE_BYTES', 1024, 64 * 1024 * 1024),
  };
  // Only the variables that are set: the crawler fills the rest with its defaults.
  const set = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
  return Object.keys(set).length > 0 ? set : undefined;
}

/**
 * Unitool run limits from the environment (docs/behaviour.md "Unitools"): at least one run at once
 * and a wait of at least 100 ms, so a typo cannot stop every tool; at most what a server can hold.
 */
function unitoolLimits(env: Env): Config['unitoolLimits'] {
  const limits = {
    concurrency: intIn(env, 'UNITOOL_CONCURRENCY', 1, 64),
    perProject: intIn(env, 'UNITOOL_PROJECT_CONCURRENCY', 1, 64),
    queueLength: intIn(env, 'UNITOOL_QUEUE_LENGTH', 0, 1000),
    waitMs: intIn(env, 'UNITOOL_QUEUE_WAIT_MS', 100, 600_000),
  };
  const set = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
  return Object.keys(set).length > 0 ? set : undefined;
}

/** An optional number in (0, max]; fractions allowed (half an hour is 0.5). */
function positiveUpTo(env: Env, name: string, max: number): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > max) throw new ConfigError(name, `must be a number above 0 and at most ${max}, got "${raw}"`);
  return n;
}

/**
 * Webhook delivery from the environment (docs/api.md "Webhooks"). The bounds keep a typo
 * from disabling every endpoint at its first failure's moment or opening thousands of sockets.
 */
function webhookLimits(env: Env): Config['webhooks'] {
  const hours = positiveUpTo(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 24 * 365);
  const seconds = positiveUpTo(env, 'WEBHOOK_TIMEOUT_SECONDS', 300);
  const limits = {
    disableAfterMs: hours === undefined ? undefined : hours * 3_600_000,
    timeoutMs: seconds === undefined ? undefined : seconds * 1000,
    concurrency: intIn(env, 'WEBHOOK_CONCURRENCY', 1, 256),
  };
  const set = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
  return Object.keys(set).length > 0 ? set : undefined;
}

/** Named ranges Fastify's proxy matching knows (127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; private ranges and fc00::/7). */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: comma-separated addresses, CIDR ranges or the names above; each checked here so a typo stops the start. */
function trustedProxies(env: Env): string[] | false {
  const entries = (env.TRUST_PROXY ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return false;
  for (const entry of entries) {
    const ok = PROXY_RANGES.includes(entry) || isAddress(entry) || isCidr(entry);
    if (!ok) throw new ConfigError('TRUST_PROXY', `must list proxy addresses or ranges (e.g. 127.0.0.1,10.0.0.0/8 or loopback), got "${entry}"`);
  }
  return entries;
}

// Written-out addresses only: ipaddr.js also takes IPv4 shorthands ("1" is 0.0.0.1), a likely typo here.
const isAddress = (value: string) => ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);

function isCidr(value: string): boolean {
  const [address, bits] = value.split('/');
  if (!address || bits === undefined || !isAddress(address)) return false;
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

/** DATABASE_URL names a PostgreSQL database as a libpq-style URL; unset means the embedded store. */
function databaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    // The value may hold a password: never echo it.
    throw new ConfigError('DATABASE_URL', 'must be a URL like postgresql://user:password@host:5432/parley');
  }
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') {
    throw new ConfigError('DATABASE_URL', `must start with postgresql://, got ${parsed.protocol}//`);
  }
  return raw;
}

/** SMTP_URL and MAIL_FROM go together: a sender address without a server would send nothing. */
function mailConfig(env: Env): MailConfig | null {
  const raw = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!raw) {
    if (from) throw new ConfigError('SMTP_URL', 'must be set when MAIL_FROM is (Parley sends e-mail only through an SMTP server)');
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    // The value may hold a password: never echo it.
    throw new ConfigError('SMTP_URL', 'must be a URL like smtp://user:password@mail.example.com:587 or smtps://…:465');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new ConfigError('SMTP_URL', `must start with smtp:// or smtps://, got ${parsed.protocol}//`);
  if (!parsed.hostname) throw new ConfigError('SMTP_URL', 'must name the mail server host');
  if (!from) throw new ConfigError('MAIL_FROM', 'must be set when SMTP_URL is, e.g. "Acme support <support@acme.example>"');
  if (!/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(from)) {
    throw new ConfigError('MAIL_FROM', `must be an address or "Name <address>", got "${from}"`);
  }
  return { smtpUrl: raw, from };
}

/** Fewer characters than this, or fewer distinct ones, and a token is guessable (a word, a date, "aaaa…"). */
const ADMIN_TOKEN_MIN_LENGTH = 32;
const ADMIN_TOKEN_MIN_DISTINCT = 10;

/**
 * ADMIN_TOKEN: one token, or several separated by commas (rotation). A weak value stops the start:
 * this token sets every organization's contract, so a placeholder must never reach production.
 */
function adminTokens(env: Env): string[] {
  const tokens = (env.ADMIN_TOKEN ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  for (const [i, token] of tokens.entries()) {
    // Never echo the value: it is a secret, and the message lands in logs.
    const which = tokens.length > 1 ? `token ${i + 1}` : 'the token';
    if (!/^[\x21-\x7e]+$/.test(token) || token.includes('"')) throw new ConfigError('ADMIN_TOKEN', `${which} must be printable ASCII without spaces or quotes`);
    if (token.length < ADMIN_TOKEN_MIN_LENGTH || new Set(token).size < ADMIN_TOKEN_MIN_DISTINCT) {
      throw new ConfigError('ADMIN_TOKEN', `${which} is too weak: use at least ${ADMIN_TOKEN_MIN_LENGTH} random characters, e.g. \`openssl rand -base64 32\``);
    }
  }
  return tokens;
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'];

/**
 * FILE_STORAGE=s3 with its S3_* settings, each checked here so a typo stops the start rather than
 * failing the first upload. S3_* without FILE_STORAGE=s3 is refused too: files would quietly go to
 * the local disk while the operator believes they are in the bucket.
 */
function fileStorage(env: Env): FileStorageConfig {
  const kind = oneOf(env, 'FILE_STORAGE', ['local', 's3'] as const, 'local');
  const value = (name: string) => env[name]?.trim() || undefined;
  if (kind === 'local') {
    const stray = S3_VARIABLES.find((name) => value(name));
    if (stray) throw new ConfigError('FILE_STORAGE', `must be s3 when ${stray} is set (unset: attachments stay on the local disk under DATA_DIR/files)`);
    return { kind };
  }
  const bucket = value('S3_BUCKET');
  // The naming rule AWS S3 sets; MinIO, Ceph and R2 follow it.
  if (!bucket) throw new ConfigError('S3_BUCKET', 'must name the bucket when FILE_STORAGE=s3');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError('S3_BUCKET', `must be a bucket name (3-63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  const rawEndpoint = value('S3_ENDPOINT');
  let endpoint: string | null = null;
  if (rawEndpoint) {
    endpoint = url(env, 'S3_ENDPOINT', rawEndpoint);
    // A key in the URL would be logged with it: credentials go in their own variables.
    if (new URL(rawEndpoint).username) throw new ConfigError('S3_ENDPOINT', 'must not hold credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const region = value('S3_REGION') ?? (endpoint ? 'us-east-1' : undefined);
  if (!region) throw new ConfigError('S3_REGION', 'must be set for AWS S3 (e.g. eu-central-1), or set S3_ENDPOINT for another S3-compatible server');
  if (!/^[a-z0-9-]{2,32}$/.test(region)) throw new ConfigError('S3_REGION', `must be a region name like us-east-1 (R2: auto), got "${region}"`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  // Never echo either value: the pair is a credential.
  if (accessKeyId && !secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'must be set when S3_ACCESS_KEY_ID is');
  if (secretAccessKey && !accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'must be set when S3_SECRET_ACCESS_KEY is');
  const prefix = value('S3_PREFIX')?.replace(/\/+$/, '') ?? '';
  if (prefix && (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..'))) {
    throw new ConfigError('S3_PREFIX', `must be path segments of letters, digits, dots, hyphens and underscores (e.g. parley/files), got "${prefix}"`);
  }
  return {
    kind,
    endpoint,
    region,
    bucket,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    // Another server than AWS usually takes only path-style addresses; AWS prefers virtual-hosted ones.
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** WEB_SEARCH_URL keeps its query (e.g. `?categories=general`): search_web adds `q` and `format`. */
function webSearchUrl(env: Env): string | null {
  const raw = env.WEB_SEARCH_URL?.trim();
  if (!raw) return null;
  url(env, 'WEB_SEARCH_URL', raw);
  return new URL(raw).href;
}

function endpoint(env: Env, prefix: string, defaultModel: string) {
  const baseUrl = env[`${prefix}_BASE_URL`];
  if (!baseUrl) return null;
  return {
    baseUrl: url(env, `${prefix}_BASE_URL`, baseUrl),
    apiKey: env[`${prefix}_API_KEY`] ?? '',
    model: env[`${prefix}_MODEL`] || defaultModel,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const p = port(env, 'PORT', 3000);
  const host = env.HOST || '127.0.0.1';
  const local = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${p}`;
  const baseUrl = url(env, 'BASE_URL', local);
  const masterKey = env.PARLEY_MASTER_KEY || null;
  if (masterKey && !decodeMasterKey(masterKey)) {
    throw new ConfigError('PARLEY_MASTER_KEY', 'must be 32 bytes encoded as base64 (e.g. `openssl rand -base64 32`)');
  }
  const llm = endpoint(env, 'OPENAI', 'gpt-4o-mini');
  const timeoutRaw = env.OPENAI_TIMEOUT_MS;
  const timeoutMs = timeoutRaw ? Number(timeoutRaw) : 30000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new ConfigError('OPENAI_TIMEOUT_MS', 'must be a positive integer');
  const vision = bool(env, 'OPENAI_VISION', false);
  // Refused rather than ignored: the operator would believe the AI reads screenshots while the
  // offline answerer, which reads none, answers them with the file note.
  if (vision && !llm) throw new ConfigError('OPENAI_VISION', 'needs OPENAI_BASE_URL: only a configured model can read images');
  return {
    port: p,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: databaseUrl(env),
    baseUrl,
    chatUrl: url(env, 'CHAT_URL', baseUrl),
    cdnUrl: url(env, 'CDN_URL', baseUrl),
    env: oneOf(env, 'PARLEY_ENV', ['live', 'test'] as const, 'test'),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    trustProxy: trustedProxies(env),
    allowPrivateFetch: bool(env, 'ALLOW_PRIVATE_FETCH', false),
    mcpStdioEnabled: bool(env, 'MCP_STDIO_ENABLED', false),
    webSearchUrl: webSearchUrl(env),
    masterKey,
    llm: llm ? { ...llm, timeoutMs, vision } : null,
    embeddings: endpoint(env, 'EMBEDDINGS', 'text-embedding-3-small'),
    stt: endpoint(env, 'STT', 'whisper-1'),
    keepAudio: bool(env, 'KEEP_AUDIO', false),
    seedDemo: bool(env, 'SEED_DEMO', true),
    wikiImportDirs: (env.WIKI_IMPORT_DIRS || '').split(':').filter(Boolean).map((p) => resolve(p)),
    crawlLimits: crawlLimits(env),
    unitoolLimits: unitoolLimits(env),
    unitoolCgroup: env.UNITOOL_CGROUP?.trim() || undefined,
    mail: mailConfig(env),
    webhooks: webhookLimits(env),
    jobLeaseMs: (intIn(env, 'JOB_LEASE_SECONDS', 1, 3600) ?? 30) * 1000,
    adminTokens: adminTokens(env),
    fileStorage: fileStorage(env),
  };
}

/** A config for tests: everything local, the given data dir, silent logs. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }), ...overrides };
}
