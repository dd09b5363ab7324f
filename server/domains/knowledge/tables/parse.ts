// Parsing an uploaded search table (spec 2.9): CSV (papaparse), a JSON array of objects, or JSONL.
// A bad file is rejected whole with a 400 naming the line and the field, so the owner can fix it.
// Values are scalars (string, number, boolean, null) or lists of scalars (tags); nested objects are
// refused because filters and ranges could not address them.
import Papa from 'papaparse';
import { AppError } from '../../../errors.js';

export type TableFormat = 'csv' | 'json' | 'jsonl';
export type Scalar = string | number | boolean | null;
export type Cell = Scalar | Scalar[];
export type Row = Record<string, Cell>;
export type ColumnType = 'string' | 'number' | 'boolean' | 'date';

export const TABLE_LIMITS = { rows: 50_000, columns: 100, cellChars: 4_000, fieldChars: 64 };

export function fileError(message: string, line: number | null, field: string | null): AppError {
  return new AppError('invalid_file', message, {
    line,
    field,
    details: [{ path: field ? `content.line${line ?? ''}.${field}` : 'content', message }],
  });
}

function checkField(name: string, line: number): void {
  if (name.trim() === '') throw fileError(`line ${line}: a column has an empty name`, line, name);
  if (name.length > TABLE_LIMITS.fieldChars) throw fileError(`line ${line}: column name "${name.slice(0, 20)}…" is too long`, line, name);
}

function cellOf(value: unknown, line: number, field: string): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value.length > TABLE_LIMITS.cellChars) throw fileError(`line ${line}: field "${field}" is longer than ${TABLE_LIMITS.cellChars} characters`, line, field);
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    return value.map((v) => {
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return v as Scalar;
      throw fileError(`line ${line}: field "${field}" holds a list with a nested value; use strings, numbers or booleans`, line, field);
    });
  }
  throw fileError(`line ${line}: field "${field}" is a nested object; values must be strings, numbers, booleans, null or lists of them`, line, field);
}

function rowOf(value: unknown, line: number): Row {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fileError(`line ${line}: expected an object with one field per column`, line, null);
  }
  const row: Row = {};
  for (const [field, v] of Object.entries(value)) {
    checkField(field, line);
    row[field] = cellOf(v, line, field);
  }
  return row;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function parseCsv(text: string): { rows: Row[]; lines: number[] } {
  const rows: Row[] = [];
  const lines: number[] = [];
  let header: string[] | null = null;
  // Physical line numbers, so a quoted value spanning lines is accounted for.
  let cursor = 0;
  let line = 1;
  let failure: AppError | null = null;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step(result, parser) {
      while (cursor < text.length && /\s/.test(text[cursor])) if (text[cursor++] === '\n') line++;
      const rowLine = line;
      for (; cursor < result.meta.cursor; cursor++) if (text[cursor] === '\n') line++;
      const error = result.errors[0];
      if (error) {
        failure = fileError(`line ${rowLine}: ${error.message}`, rowLine, null);
        parser.abort();
        return;
      }
      const cells = result.data;
      if (!header) {
        header = cells.map((c) => c.trim());
        try {
          header.forEach((h) => checkField(h, rowLine));
          const dup = header.find((h, i) => header!.indexOf(h) !== i);
          if (dup) throw fileError(`line ${rowLine}: column "${dup}" appears twice`, rowLine, dup);
        } catch (err) {
          failure = err as AppError;
          parser.abort();
        }
        return;
      }
      if (cells.length !== header.length) {
        const field = cells.length < header.length ? header[cells.length] : null;
        failure = fileError(
          `line ${rowLine}: expected ${header.length} fields, found ${cells.length}${field ? ` (missing "${field}")` : ''}`,
          rowLine,
          field,
        );
        parser.abort();
        return;
      }
      const row: Row = {};
      try {
        header.forEach((h, i) => (row[h] = cellOf(cells[i] === '' ? null : cells[i], rowLine, h)));
      } catch (err) {
        failure = err as AppError;
        parser.abort();
        return;
      }
      rows.push(row);
      lines.push(rowLine);
      if (rows.length > TABLE_LIMITS.rows) {
        failure = fileError(`line ${rowLine}: a table holds at most ${TABLE_LIMITS.rows} rows`, rowLine, null);
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  if (!header) throw fileError('the CSV file is empty: the first line must name the columns', 1, null);
  return { rows: coerceCsv(rows), lines };
}

/** CSV cells are text: a column whose every value reads as a number or boolean becomes one. */
function coerceCsv(rows: Row[]): Row[] {
  const fields = new Set(rows.flatMap((r) => Object.keys(r)));
  for (const f of fields) {
    const values = rows.map((r) => r[f]).filter((v): v is string => typeof v === 'string');
    if (values.length === 0) continue;
    if (values.every((v) => /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim()))) {
      for (const r of rows) if (typeof r[f] === 'string') r[f] = Number((r[f] as string).trim());
    } else if (values.every((v) => /^(true|false)$/i.test(v.trim()))) {
      for (const r of rows) if (typeof r[f] === 'string') r[f] = (r[f] as string).trim().toLowerCase() === 'true';
    }
  }
  return rows;
}

function jsonErrorLine(text: string, err: Error): number {
  const m = /position (\d+)/.exec(err.message);
  if (m) return lineAt(text, Number(m[1]));
  const l = /line (\d+)/.exec(err.message);
  return l ? Number(l[1]) : 1;
}

/** Line where each top-level array element starts (for error messages on JSON files). */
function elementLines(text: string): number[] {
  const out: number[] = [];
  let depth = 0;
  let inString = false;
  let line = 1;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectValue && !/\s/.test(c) && c !== ']') {
      out.push(line);
      expectValue = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectValue = true;
  }
  return out;
}

function parseJson(text: string): { rows: Row[]; lines: number[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const line = jsonErrorLine(text, err as Error);
    throw fileError(`line ${line}: invalid JSON (${(err as Error).message})`, line, null);
  }
  if (!Array.isArray(value)) throw fileError('line 1: a JSON table must be an array of objects', 1, null);
  if (value.length > TABLE_LIMITS.rows) throw fileError(`a table holds at most ${TABLE_LIMITS.rows} rows`, null, null);
  const lines = elementLines(text);
  return { rows: value.map((v, i) => rowOf(v, lines[i] ?? 1)), lines };
}

function parseJsonl(text: string): { rows: Row[]; lines: number[] } {
  const rows: Row[] = [];
  const lines: number[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      throw fileError(`line ${line}: invalid JSON (${(err as Error).message})`, line, null);
    }
    rows.push(rowOf(value, line));
    lines.push(line);
    if (rows.length > TABLE_LIMITS.rows) throw fileError(`line ${line}: a table holds at most ${TABLE_LIMITS.rows} rows`, line, null);
  });
  return { rows, lines };
}

export interface ParsedTable {
  rows: Row[];
  /** Line of each row in the uploaded file. */
  lines: number[];
  columns: { name: string; type: ColumnType }[];
}

const DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function columnType(values: Cell[]): ColumnType {
  const present = values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== null && v !== '');
  if (present.length === 0) return 'string';
  if (present.every((v) => typeof v === 'number')) return 'number';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v)))) return 'date';
  return 'string';
}

export function parseTable(format: TableFormat, content: string): ParsedTable {
  const text = content.replace(/^\uFEFF/, '');
  const { rows, lines } = format === 'csv' ? parseCsv(text) : format === 'json' ? parseJson(text) : parseJsonl(text);
  if (rows.length === 0) throw fileError('the file holds no rows', null, null);
  const names: string[] = [];
  for (const row of rows) for (const k of Object.keys(row)) if (!names.includes(k)) names.push(k);
  if (names.length > TABLE_LIMITS.columns) throw fileError(`a table holds at most ${TABLE_LIMITS.columns} columns`, null, names[TABLE_LIMITS.columns]);
  const columns = names.map((name) => ({ name, type: columnType(rows.map((r) => r[name] ?? null)) }));
  return { rows, lines, columns };
}
