// The allowed-origins list a site owner edits (spec 8.2): what an entry may look like, and why a
// given page is or is not let in. The match itself is origins.ts (the gateway's check); this file
// explains it in words for the API and the console, so both say the same thing.
import type { Channel } from '../../../shared/schemas/entities.js';
import { originAllowed, wildcardMatch } from './origins.js';
import type { PublicUrls } from './urls.js';

export interface OriginProblem {
  path: string;
  message: string;
}

const HOST_LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/**
 * One entry, normalised (`HTTPS://Shop.Example.com/` → `https://shop.example.com`), or the reason it
 * is refused. An origin is scheme, host and port only: a path would never match, because browsers
 * send none. `*.` may stand only for the leftmost labels, over a domain of at least two labels.
 */
export function normaliseOriginEntry(entry: string): { origin: string } | { error: string } {
  const raw = entry.trim();
  if (raw === '*') return { origin: '*' };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    return { error: `"${raw}" has no scheme: write https://${raw.replace(/^\/+/, '')} (or http:// for a local site)` };
  }
  const wildcard = /^[a-z]+:\/\/\*\./i.test(raw);
  let url: URL;
  try {
    url = new URL(wildcard ? raw.replace('*.', 'wildcard-placeholder.') : raw);
  } catch {
    return { error: `"${raw}" is not a valid origin such as https://shop.example.com` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: `"${raw}": only http:// and https:// pages can embed the widget` };
  if (url.username || url.password) return { error: `"${raw}": an origin has no user name or password` };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || /[?#]/.test(raw.replace(/^[a-z]+:\/\//i, ''))) {
    return { error: `"${raw}" has a path: an origin is scheme, host and port only (${url.origin.replace('wildcard-placeholder.', '*.')})` };
  }
  if (raw.replace(/^[a-z]+:\/\//i, '').replace(/^\*\./, '').includes('*')) {
    return { error: `"${raw}": a wildcard may only replace the leftmost part, as in https://*.example.com` };
  }
  const host = url.hostname.replace(/^wildcard-placeholder\./, '');
  if (wildcard) {
    const labels = host.split('.');
    if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l))) {
      return { error: `"${raw}" is too broad: a wildcard needs a domain of at least two parts, as in https://*.example.com` };
    }
  }
  return { origin: url.origin.replace('wildcard-placeholder.', '*.') };
}

/** Every entry normalised and de-duplicated, or all the problems at once (one per entry). */
export function validateOrigins(entries: readonly string[]): { origins: string[]; problems: OriginProblem[] } {
  const origins: string[] = [];
  const problems: OriginProblem[] = [];
  entries.forEach((entry, i) => {
    const result = normaliseOriginEntry(entry);
    if ('error' in result) problems.push({ path: `allowed_origins.${i}`, message: result.error });
    else if (!origins.includes(result.origin)) origins.push(result.origin);
  });
  return { origins, problems };
}

/** "Would my page at URL be allowed?" — the gateway's answer, with the entry that decides it. */
export function explainOrigin(
  channel: Pick<Channel, 'allowed_origins'>,
  pageUrl: string,
  urls: PublicUrls,
): { origin: string; allowed: boolean; matched: string | null; reason: string } | { error: string } {
  let page: URL;
  try {
    page = new URL(/^[a-z][a-z0-9+.-]*:/i.test(pageUrl.trim()) ? pageUrl.trim() : `https://${pageUrl.trim()}`);
  } catch {
    return { error: `"${pageUrl}" is not a page address such as https://shop.example.com/help` };
  }
  if (page.protocol !== 'https:' && page.protocol !== 'http:') return { error: `"${pageUrl}": only http:// and https:// pages can embed the widget` };
  const origin = page.origin;
  const allowed = originAllowed(channel, origin, urls, null);
  const matched = channel.allowed_origins.find((entry) => {
    if (entry === '*' || entry === origin) return true;
    try {
      return entry.includes('*.') && wildcardMatch(entry, origin);
    } catch {
      return false;
    }
  });
  if (!allowed) {
    const near = channel.allowed_origins.find((e) => e.startsWith(`${page.protocol}//*.`) && `${page.protocol}//${page.host}` === e.replace('*.', ''));
    const reason = near
      ? `${origin} is not allowed: ${near} covers its subdomains but not the bare domain; add ${origin} too`
      : `${origin} is not allowed: add ${origin} to the allowed origins`;
    return { origin, allowed, matched: null, reason };
  }
  if (matched === '*') return { origin, allowed, matched, reason: 'Every page is allowed (*)' };
  if (matched) return { origin, allowed, matched, reason: `${origin} is allowed by ${matched}` };
  return { origin, allowed, matched: null, reason: `${origin} is this Parley server’s own address, always allowed` };
}
