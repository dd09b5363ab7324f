// One writer per file with coalescing: while a write is in flight, every further request for the
// same file shares one follow-up write of the newest state. So a burst of N updates costs at most two
// disk writes, and every caller's promise resolves only after a write that contains its change.

export class FileWriter {
  private inflight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly writeLatest: () => Promise<void>) {}

  schedule(): Promise<void> {
    if (!this.inflight) {
      this.inflight = this.run();
      return this.inflight;
    }
    if (!this.queued) {
      const previous = this.inflight;
      this.queued = previous
        .catch(() => {})
        .then(() => {
          this.queued = null;
          this.inflight = this.run();
          return this.inflight;
        });
    }
    return this.queued;
  }

  /** Resolves once nothing is in flight or queued. */
  async idle(): Promise<void> {
    while (this.inflight || this.queued) {
      await (this.queued ?? this.inflight)?.catch(() => {});
    }
  }

  private async run(): Promise<void> {
    try {
      await this.writeLatest();
    } finally {
      // A queued follow-up replaces `inflight` itself; only clear when nothing replaced us.
      if (!this.queued) this.inflight = null;
    }
  }
}
