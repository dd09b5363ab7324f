// The write-ahead log with group commit (docs/architecture.md section 7, "Write-ahead log").
//
// Every change of every document is one appended line. Lines appended while a batch is being written
// and fsynced wait and go out together in the next batch: one write and one fsync cover all of them,
// whatever documents they belong to. A line's `onDurable` runs (and memory changes) only once the
// fsync of its batch has returned; a failed batch is cut off the file again, so later batches never
// follow garbage, and every line of it is rejected with nothing changed.
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDirectory } from './durable-file.js';

export const SEGMENT_SUFFIX = '.log';
export const segmentName = (n: number) => `${String(n).padStart(12, '0')}${SEGMENT_SUFFIX}`;

interface Line {
  text: string;
  onDurable: () => void;
  resolve: () => void;
  reject: (err: unknown) => void;
}
interface Rotation {
  rotate: true;
  resolve: (previous: number) => void;
  reject: (err: unknown) => void;
}
type Entry = Line | Rotation;

export class WriteLog {
  private pending: Entry[] = [];
  private draining = false;
  private broken: Error | null = null;
  /** Called after each batch with the current segment's size (to start a compaction). */
  onBatch: (size: number) => void = () => {};

  private constructor(
    private readonly dir: string,
    private segment: number,
    private handle: FileHandle,
    private size: number,
  ) {}

  /** Starts a new, empty segment numbered `segment` in `dir`. */
  static async create(dir: string, segment: number): Promise<WriteLog> {
    const handle = await open(join(dir, segmentName(segment)), 'wx', 0o600);
    await syncDirectory(dir);
    return new WriteLog(dir, segment, handle, 0);
  }

  get currentSegment(): number {
    return this.segment;
  }

  /** Resolves once `text` is durable, after `onDurable` has run; rejects if its batch failed. */
  append(text: string, onDurable: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken);
      this.pending.push({ text, onDurable, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Lines appended before this call go to the current segment, later ones to a new one. Resolves with
   * the number of the finished segment once all its lines are settled.
   */
  rotate(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pending.push({ rotate: true, resolve, reject });
      this.schedule();
    });
  }

  async removeSegment(n: number): Promise<void> {
    await unlink(join(this.dir, segmentName(n))).catch((err) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await syncDirectory(this.dir);
  }

  /** Waits for everything appended so far, then closes the file. */
  async close(): Promise<void> {
    await this.rotateIdle();
    await this.handle.close();
  }

  private async rotateIdle(): Promise<void> {
    while (this.draining || this.pending.length > 0) await new Promise((r) => setImmediate(r));
  }

  private schedule(): void {
    if (this.draining) return;
    this.draining = true;
    // setImmediate, not a microtask: lines appended by everything that runs in this turn of the event
    // loop (other documents, other sockets' frames) join the first batch.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const next = this.pending[0];
        if ('rotate' in next) {
          this.pending.shift();
          await this.switchSegment(next);
          continue;
        }
        const end = this.pending.findIndex((e) => 'rotate' in e);
        const batch = this.pending.splice(0, end < 0 ? this.pending.length : end) as Line[];
        await this.commit(batch);
      }
    } finally {
      this.draining = false;
      if (this.pending.length > 0) this.schedule();
    }
  }

  private async commit(batch: Line[]): Promise<void> {
    if (this.broken) {
      for (const line of batch) line.reject(this.broken);
      return;
    }
    const bytes = Buffer.from(batch.map((l) => l.text).join(''), 'utf8');
    try {
      let written = 0;
      while (written < bytes.length) {
        const { bytesWritten } = await this.handle.write(bytes, written, bytes.length - written, this.size + written);
        written += bytesWritten;
      }
      await this.handle.datasync();
    } catch (err) {
      await this.cutBack(err as Error);
      for (const line of batch) line.reject(err);
      return;
    }
    this.size += bytes.length;
    for (const line of batch) line.onDurable();
    for (const line of batch) line.resolve();
    this.onBatch(this.size);
  }

  /** Removes a failed batch's bytes; if even that fails, the log refuses all further writes. */
  private async cutBack(cause: Error): Promise<void> {
    try {
      await this.handle.truncate(this.size);
      await this.handle.datasync();
    } catch {
      this.broken = new Error(`the write-ahead log can no longer be written (${cause.message}); restart to recover`);
    }
  }

  private async switchSegment(rotation: Rotation): Promise<void> {
    const previous = this.segment;
    try {
      const handle = await open(join(this.dir, segmentName(previous + 1)), 'wx', 0o600);
      await syncDirectory(this.dir);
      await this.handle.close();
      this.handle = handle;
      this.segment = previous + 1;
      this.size = 0;
      rotation.resolve(previous);
    } catch (err) {
      rotation.reject(err);
    }
  }
}
