// Built-in spam detection (spec 6, spec 8.1.2): a score per visitor message from four signals.
// Pure and synchronous so triggers can use it as a "spam score" condition before every AI reply;
// spam is never billed and is left out of analytics, so the score must be cheap and deterministic.

/** One earlier message of the same conversation (or visitor), oldest first. */
export interface RecentMessage {
  text: string;
  /** Milliseconds since the epoch, from the stored message, never the wall clock of the scorer. */
  at: number;
}

export interface SpamSignals {
  flooding: number;
  repeats: number;
  links: number;
  patterns: number;
}

export interface SpamScore {
  /** 0..1; a message at or above SPAM_THRESHOLD is marked spam. */
  score: number;
  signals: SpamSignals;
}

export const SPAM_THRESHOLD = 0.7;
/** Flooding: this many messages inside the window (the new one included) is certainly flooding. */
export const FLOOD_COUNT = 8;
export const FLOOD_WINDOW_MS = 60_000;

const LINK = /\b(?:https?:\/\/|www\.)[^\s]+/gi;
// Patterns seen in support-widget spam: SEO offers, crypto and casino pitches, contact bait.
const KNOWN_PATTERNS: RegExp[] = [
  /\b(?:seo|backlinks?)\b.*\b(?:services?|rank(?:ing)?|offer)\b/i,
  /^(?=.*\b(?:crypto|bitcoin|forex)\b)(?=.*\b(?:invest|profit|earn))/is,
  /\b(?:casino|viagra|cialis|loan offer)\b/i,
  /\b(?:whats\s?app|telegram)\b.*\+?\d[\d\s-]{7,}/i,
  /\bguest post(?:ing)?\b/i,
];

export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function spamScore(text: string, recent: RecentMessage[], now: number): SpamScore {
  const inWindow = recent.filter((m) => now - m.at <= FLOOD_WINDOW_MS).length + 1;
  const flooding = Math.min(1, Math.max(0, (inWindow - 3) / (FLOOD_COUNT - 3)));

  const own = normalise(text);
  const same = own ? recent.filter((m) => normalise(m.text) === own).length : 0;
  const repeats = Math.min(1, same / 2);

  const linkCount = countLinks(text);
  const words = Math.max(1, text.split(/\s+/).filter(Boolean).length);
  const links = linkCount === 0 ? 0 : Math.min(1, linkCount / 3 + linkCount / words);

  const patterns = KNOWN_PATTERNS.some((p) => p.test(text)) ? 1 : 0;

  // The strongest signal decides; a second one adds weight so mixed spam scores above either alone.
  const sorted = [flooding, repeats, links, patterns].sort((a, b) => b - a);
  const score = Math.min(1, sorted[0]! * 0.8 + sorted[1]! * 0.3);
  return { score: Math.round(score * 1000) / 1000, signals: { flooding, repeats, links, patterns } };
}

export function isSpam(result: SpamScore): boolean {
  return result.score >= SPAM_THRESHOLD;
}
