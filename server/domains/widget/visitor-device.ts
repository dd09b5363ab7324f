// The visitor's device in a few words for the team ("Chrome 131 on Android, mobile"), from the
// User-Agent header the browser sent when the widget connected. Parsed with bowser (MIT), so the
// browser, OS and form-factor rules are a maintained library's, not ours. Only the major browser
// version is kept in the description: enough to recognise a browser, less to fingerprint with.
import Bowser from 'bowser';
import type { VisitorDevice } from '../../../shared/schemas/visitor.js';

/** Longest User-Agent kept; real ones are ~150 characters, anything far longer is noise. */
export const MAX_USER_AGENT = 512;

const TYPES = new Set<VisitorDevice['type']>(['desktop', 'mobile', 'tablet', 'tv', 'bot']);

/** The header as stored: trimmed, bounded, or null when the browser sent none. */
export function cleanUserAgent(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, MAX_USER_AGENT) : null;
}

export function describeDevice(userAgent: string): VisitorDevice {
  const r = Bowser.getParser(userAgent).getResult();
  const browser = r.browser.name || null;
  const major = r.browser.version?.split('.')[0] || null;
  const os = r.os.name || null;
  const platform = r.platform.type as VisitorDevice['type'] | undefined;
  const type = platform && TYPES.has(platform) ? platform : 'unknown';
  const who = browser ? [browser, major].filter(Boolean).join(' ') : 'Unknown browser';
  const description = `${who}${os ? ` on ${os}` : ''}${type !== 'unknown' ? `, ${type}` : ''}`;
  return { description, browser, browser_version: major, os, type, user_agent: userAgent };
}
