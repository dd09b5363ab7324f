// One cell of an entity export, made safe for the format it goes into (spec 4.1).
// A spreadsheet treats a text cell that starts with = + - @ (or a tab / carriage return, which some
// programs strip before looking) as a formula: a visitor who writes "=HYPERLINK(…)" in the chat
// must not get code run on the team's machine. Such text gets a leading apostrophe, the usual
// "this is text" mark, in CSV and in .xlsx alike (an .xlsx re-saved as CSV would otherwise arm it).

export type Cell = string | number | boolean | Date | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * "2026-11-28 14:05:09": the form Excel and LibreOffice read as a date and time when they open a
 * CSV (an ISO string with T and Z stays text). Always UTC; docs/api.md says so.
 */
export function spreadsheetDate(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** A text cell as CSV writes it: formula-escaped, quoted when it holds a separator, quote or line break. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (value instanceof Date) return spreadsheetDate(value);
  if (typeof value !== 'string') return String(value);
  const text = escapeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows end in CRLF, as RFC 4180 and Excel expect. */
export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A Markdown table cell: pipes escaped and line breaks turned into <br> so the row stays one line. */
export function markdownCell(value: Cell): string {
  if (value === null) return '';
  if (value instanceof Date) return `${spreadsheetDate(value)} UTC`;
  return String(value).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n|\r/g, '<br>');
}

export const markdownLine = (cells: readonly Cell[]) => `| ${cells.map(markdownCell).join(' | ')} |\n`;

/** An .xlsx cell value: dates stay dates (the column's number format shows them), text is formula-escaped. */
export function xlsxCell(value: Cell): string | number | boolean | Date | null {
  return typeof value === 'string' ? escapeFormula(value) : value;
}

export const toDate = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);
