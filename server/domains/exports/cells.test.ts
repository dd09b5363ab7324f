// Cells of the tabular exports (spec 4.1): what a spreadsheet would run is turned into text, CSV
// quoting survives separators, quotes and line breaks, dates read as dates, Markdown rows stay rows.
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvLine, escapeFormula, markdownLine, spreadsheetDate, xlsxCell } from './cells.js';

describe('export cells', () => {
  it('escapes text a spreadsheet would run as a formula, and nothing else', () => {
    for (const live of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd']) expect(escapeFormula(live)).toBe(`'${live}`);
    for (const inert of ['1+1', 'a=b', ' =x', 'Résumé', 'مرحبا', '🎉=']) expect(escapeFormula(inert)).toBe(inert);
    // Numbers are numbers: a negative rating or count is not text to escape.
    expect(csvLine([-1, 0])).toBe('-1,0\r\n');
    expect(xlsxCell(-1)).toBe(-1);
    expect(xlsxCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
  });

  it('quotes CSV cells so a parser gets the same text back', () => {
    const cells = ['a,b', 'say "hi"', 'two\nlines', 'plain', null];
    const line = csvLine(cells);
    expect(Papa.parse<string[]>(line.trimEnd()).data[0]).toEqual(['a,b', 'say "hi"', 'two\nlines', 'plain', '']);
  });

  it('writes dates as date-times spreadsheets recognise, on the clock of the time zone given (UTC by default)', () => {
    const d = new Date('2026-11-28T14:05:09.123Z');
    expect(spreadsheetDate(d)).toBe('2026-11-28 14:05:09');
    expect(csvLine([d])).toBe('2026-11-28 14:05:09\r\n');
    expect(csvLine([d], 'Europe/Berlin')).toBe('2026-11-28 15:05:09\r\n');
    expect(markdownLine([d], 'America/New_York')).toBe('| 2026-11-28 09:05:09 |\n');
    // An .xlsx date cell holds the reading as its UTC fields (a sheet's date has no zone).
    expect((xlsxCell(d, 'Asia/Kolkata') as Date).toISOString()).toBe('2026-11-28T19:35:09.123Z');
    expect(xlsxCell(d)).toEqual(d);
  });

  it('keeps a Markdown row on one line with its pipes escaped', () => {
    expect(markdownLine(['a|b', 'x\ny', null])).toBe('| a\\|b | x<br>y |  |\n');
  });
});
