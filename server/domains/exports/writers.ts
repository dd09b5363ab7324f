// The four formats of an entity export (spec 4.1) as readable streams pulled by the response:
// a row is made only when the client has taken the previous ones (Readable.from and the .xlsx
// writer's drain wait), so memory stays flat whatever the export's size.
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '../../../shared/schemas/exports.js';
import { csvLine, markdownLine, xlsxCell } from './cells.js';
import { headerOf, type RowSource } from './columns.js';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  md: 'text/markdown; charset=utf-8',
};

export interface ExportBody<T> {
  source: RowSource<T>;
  items: Iterable<T>;
  /** The sheet's name in .xlsx, the heading in Markdown. */
  title: string;
  /** Said below a Markdown table (e.g. that the row cap cut the export). */
  note?: string;
  /** The IANA zone date-times are written in (CSV, .xlsx, Markdown; JSONL keeps ISO 8601 UTC) and their headers name. */
  timeZone: string;
}

/** Rows are sent in chunks of about this size: one write per row would cost more than the row. */
const CHUNK = 64 * 1024;
/** The byte order mark that makes Excel read a CSV as UTF-8 (accents, Arabic, emoji intact). */
const BOM = '\uFEFF';

async function* textRows<T>(body: ExportBody<T>, format: 'csv' | 'jsonl' | 'md'): AsyncGenerator<string> {
  const { timeZone } = body;
  const names = body.source.columns.map((c) => headerOf(c, timeZone));
  let buffer =
    format === 'csv'
      ? BOM + csvLine(names)
      : format === 'md'
        ? `# ${body.title}\n\n${markdownLine(names)}|${names.map(() => ' --- |').join('')}\n`
        : '';
  for (const item of body.items) {
    buffer += format === 'jsonl' ? `${body.source.json(item)}\n` : format === 'csv' ? csvLine(body.source.cells(item), timeZone) : markdownLine(body.source.cells(item), timeZone);
    if (buffer.length >= CHUNK) {
      yield buffer;
      buffer = '';
    }
  }
  if (format === 'md' && body.note) buffer += `\n${body.note}\n`;
  if (buffer) yield buffer;
}

function xlsxStream<T>(body: ExportBody<T>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(body.title.slice(0, 31));
  sheet.columns = body.source.columns.map((c) => ({
    header: headerOf(c, body.timeZone),
    key: c.name,
    width: c.width ?? 14,
    ...(c.date ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  void (async () => {
    let n = 0;
    for (const item of body.items) {
      sheet.addRow(body.source.cells(item).map((cell) => xlsxCell(cell, body.timeZone))).commit();
      // Wait for the client when the zip output backs up (checked every 100 rows: cheap enough).
      if (++n % 100 === 0 && out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export function exportStream<T>(body: ExportBody<T>, format: ExportFormat): Readable {
  if (format === 'xlsx') return xlsxStream(body);
  return Readable.from(textRows(body, format), { objectMode: false });
}
