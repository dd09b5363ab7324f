// The write-ahead log's record format (docs/architecture.md section 7, "Write-ahead log").
// One record per line: `<crc32 of the JSON, 8 hex digits> <JSON>\n`, or one transaction's records
// together on one line. A line is valid only when it is complete and its checksum matches, so a torn
// or garbled tail is told apart from data.
import { crc32 } from 'node:zlib';

interface Target {
  /** collection */
  c: string;
  /** scope */
  s: string;
  /** document id */
  i: string;
  /** log sequence number: store-wide, increasing; a document file remembers the last one applied */
  l: number;
}

/** The whole document (schema version `v`). */
export interface PutRecord extends Target {
  v: number;
  d: Record<string, unknown>;
}
/** The document was removed. */
export interface DeleteRecord extends Target {
  x: 1;
}
/**
 * The document's non-append-only fields in full (`d`) plus what was appended to its append-only
 * arrays (`a`), on top of the state written by record `p`. Its size does not depend on how long those
 * arrays already are.
 */
export interface AppendRecord extends Target {
  v: number;
  p: number;
  d: Record<string, unknown>;
  a: Record<string, unknown[]>;
}
export type LogRecord = PutRecord | DeleteRecord | AppendRecord;

export const isDelete = (r: LogRecord): r is DeleteRecord => 'x' in r;
export const isAppend = (r: LogRecord): r is AppendRecord => 'a' in r;

const NEWLINE = 0x0a;

/** Throws when the record cannot be serialised (e.g. a BigInt), before anything is written. */
export function encodeRecord(record: LogRecord): string {
  return encodeLine(JSON.stringify(record));
}

/**
 * The records of one transaction (Store.transact) as one line `{"g": [records]}`: one checksum
 * covers them all, so recovery replays all of them or, for a torn line, none.
 */
export function encodeGroup(records: LogRecord[]): string {
  return encodeLine(JSON.stringify({ g: records }));
}

function encodeLine(json: string): string {
  return `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`;
}

export interface DecodedSegment {
  records: LogRecord[];
  /** Bytes of valid records from the start of the segment. */
  validBytes: number;
  /** Bytes after them that are not a valid record (a torn or garbled tail). */
  invalidBytes: number;
}

/** Reads records up to the first invalid one; everything from there on is reported, not returned. */
export function decodeSegment(bytes: Buffer): DecodedSegment {
  const records: LogRecord[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf(NEWLINE, offset);
    if (end < 0) break;
    const decoded = decodeLine(bytes.subarray(offset, end));
    if (!decoded) break;
    records.push(...decoded);
    offset = end + 1;
  }
  return { records, validBytes: offset, invalidBytes: bytes.length - offset };
}

/** The line's records: one, or a transaction's group. */
function decodeLine(line: Buffer): LogRecord[] | null {
  if (line.length < 10 || line[8] !== 0x20) return null;
  const expected = Number.parseInt(line.subarray(0, 8).toString('latin1'), 16);
  const json = line.subarray(9);
  if (!Number.isFinite(expected) || crc32(json) !== expected) return null;
  try {
    const parsed = JSON.parse(json.toString('utf8')) as LogRecord | { g: LogRecord[] };
    const records = parsed && 'g' in parsed && Array.isArray(parsed.g) ? parsed.g : [parsed as LogRecord];
    return records.length > 0 && records.every(isRecord) ? records : null;
  } catch {
    return null;
  }
}

const isRecord = (r: LogRecord) =>
  Boolean(r) && typeof r.c === 'string' && typeof r.s === 'string' && typeof r.i === 'string' && typeof r.l === 'number';
