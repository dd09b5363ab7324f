// Start-up recovery (docs/architecture.md section 7, "Write-ahead log"): the document files plus
// the log segments replayed on top of them, in order. A record applies only when its log sequence
// number is newer than the document's (files remember theirs), so replaying a segment that was
// already compacted changes nothing. Synchronous on purpose: it runs once before anything is served,
// and tests use it to read exactly what a restart after `kill -9` would see.
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { TEMP_SUFFIX } from './durable-file.js';
import { decodeSegment, isAppend, isDelete, type LogRecord } from './log-format.js';
import { SEGMENT_SUFFIX } from './write-log.js';

export const LOG_DIR = '.wal';

/** A document as stored: its schema version, the last log record applied and the body. */
export interface RawDoc {
  scope: string;
  id: string;
  v: number;
  l: number;
  doc: Record<string, unknown>;
}

export interface Recovered {
  /** collection → `scope/id` → document */
  docs: Map<string, Map<string, RawDoc | null>>;
  /** collection → keys the log changed (null in docs: removed), to be written back to files */
  changed: Map<string, Set<string>>;
  /** segment numbers found, oldest first */
  segments: number[];
  maxLsn: number;
  /** a torn or garbled tail of the newest segment, dropped (never acknowledged) */
  droppedTail: { segment: string; bytes: number } | null;
  problems: { path: string; reason: string }[];
}

const list = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [] as string[];
  }
};

export function recover(dir: string, names: readonly string[], options: { removeTemps: boolean }): Recovered {
  const out: Recovered = { docs: new Map(), changed: new Map(), segments: [], maxLsn: 0, droppedTail: null, problems: [] };
  for (const name of names) {
    out.docs.set(name, loadFiles(join(dir, name), options.removeTemps, out));
    out.changed.set(name, new Set());
  }
  const logDir = join(dir, LOG_DIR);
  const segments = list(logDir)
    .filter((f) => /^\d{12}\.log$/.test(f))
    .sort();
  out.segments = segments.map((f) => Number(f.slice(0, -SEGMENT_SUFFIX.length)));
  segments.forEach((file, index) => {
    const path = join(logDir, file);
    const decoded = decodeSegment(readFileSync(path));
    if (decoded.invalidBytes > 0) {
      // Only the newest segment can end in a batch that never completed; earlier ones were fsynced
      // whole before the next segment began, so damage there is real corruption, never dropped.
      if (index === segments.length - 1) out.droppedTail = { segment: path, bytes: decoded.invalidBytes };
      else out.problems.push({ path, reason: `unreadable log record at byte ${decoded.validBytes}` });
    }
    for (const record of decoded.records) replay(record, out, path);
  });
  return out;
}

function loadFiles(collectionDir: string, removeTemps: boolean, out: Recovered): Map<string, RawDoc | null> {
  const docs = new Map<string, RawDoc | null>();
  for (const scope of list(collectionDir)) {
    const scopeDir = join(collectionDir, scope);
    for (const name of list(scopeDir)) {
      const path = join(scopeDir, name);
      // A temp file is a compaction write that never completed; its data is still in the log.
      if (name.endsWith(TEMP_SUFFIX)) {
        if (removeTemps) unlinkSync(path);
        continue;
      }
      if (!name.endsWith('.json')) continue;
      try {
        const body = JSON.parse(readFileSync(path, 'utf8')) as { v: unknown; l?: unknown; doc: unknown };
        if (!body || typeof body.v !== 'number' || typeof body.doc !== 'object' || !body.doc) throw new Error('not a Parley document file');
        const l = typeof body.l === 'number' ? body.l : 0;
        const doc = body.doc as Record<string, unknown>;
        docs.set(`${scope}/${String(doc.id)}`, { scope, id: String(doc.id), v: body.v, l, doc });
        out.maxLsn = Math.max(out.maxLsn, l);
      } catch (err) {
        out.problems.push({ path, reason: (err as Error).message });
      }
    }
  }
  return docs;
}

function replay(record: LogRecord, out: Recovered, path: string): void {
  const docs = out.docs.get(record.c);
  if (!docs) return; // a collection this reader was not asked for
  out.maxLsn = Math.max(out.maxLsn, record.l);
  const key = `${record.s}/${record.i}`;
  const current = docs.get(key) ?? null;
  if (current && record.l <= current.l) return; // already in the file
  if (isDelete(record)) {
    if (current) docs.set(key, null);
  } else if (isAppend(record)) {
    if (!current || current.l !== record.p || current.v !== record.v) {
      out.problems.push({ path, reason: `log record ${record.l} appends to ${record.c}/${key}, whose earlier state is missing` });
      return;
    }
    const doc: Record<string, unknown> = { ...record.d };
    for (const [field, added] of Object.entries(record.a)) doc[field] = [...((current.doc[field] as unknown[]) ?? []), ...added];
    docs.set(key, { ...current, l: record.l, doc });
  } else {
    docs.set(key, { scope: record.s, id: record.i, v: record.v, l: record.l, doc: record.d });
  }
  out.changed.get(record.c)!.add(key);
}
