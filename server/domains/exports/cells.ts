// One cell of an entity export, made safe for the format it goes into (spec 4.1).
// A spreadsheet treats a text cell that starts with = + - @ (or a tab / carriage return, which some
// programs strip before looking) as a formula: a visitor who writes "=HYPERLINK(…)" in the chat
// must not get code run on the team's machine. Such text gets a leading apostrophe, the usual
// "this is text" mark, in CSV and in .xlsx alike (an .xlsx re-saved as CSV would otherwise arm it).
// Date-times are written in the organization's time zone, which each date column's header names
// (columns.ts `headerOf`); `timeZone` is an IANA name Intl knows, UTC when the organization set none.
import { wallClock } from './wall-clock.js';

export type Cell = string | number | boolean | Date | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * "2026-11-28 14:05:09" on the clock of `timeZone`: the form Excel and LibreOffice read as a date
 * and time when they open a CSV (an ISO string with T and Z, or one with an offset, stays text).
 */
export function spreadsheetDate(d: Date, timeZone = 'UTC'): string {
  return new Date(wallClock(d.getTime(), timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

/** A text cell as CSV writes it: formula-escaped, quoted when it holds a separator, quote or line break. */
export function csvCell(value: Cell, timeZone = 'UTC'): string {
  if (value === null) return '';
  if (value instanceof Date) return spreadsheetDate(value, timeZone);
  if (typeof value !== 'string') return String(value);
  const text = escapeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows end in CRLF, as RFC 4180 and Excel expect. */
export const csvLine = (cells: readonly Cell[], timeZone = 'UTC') => `${cells.map((c) => csvCell(c, timeZone)).join(',')}\r\n`;

/** A Markdown table cell: pipes escaped and line breaks turned into <br> so the row stays one line. */
export function markdownCell(value: Cell, timeZone = 'UTC'): string {
  if (value === null) return '';
  if (value instanceof Date) return spreadsheetDate(value, timeZone);
  return String(value).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n|\r/g, '<br>');
}

export const markdownLine = (cells: readonly Cell[], timeZone = 'UTC') => `| ${cells.map((c) => markdownCell(c, timeZone)).join(' | ')} |\n`;

/**
 * An .xlsx cell value: text is formula-escaped; a date stays a date cell (the column's number format
 * shows it) holding the wall-clock reading in `timeZone`, as a spreadsheet date has no zone.
 */
export function xlsxCell(value: Cell, timeZone = 'UTC'): string | number | boolean | Date | null {
  if (value instanceof Date) return new Date(wallClock(value.getTime(), timeZone));
  return typeof value === 'string' ? escapeFormula(value) : value;
}

export const toDate = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);
