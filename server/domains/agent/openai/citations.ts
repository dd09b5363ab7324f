// Numbered citations for model answers. Passages are numbered as they reach the model (retrieved
// context first, then tool results); one number per source. After the answer, the sources it cites
// are renumbered by first use so the stored message keeps the rule "[n] refers to sources[n-1]".
import type { Passage } from '../../knowledge/types.js';
import type { SourceRef } from '../../../../shared/schemas/entities.js';
import { sourceRef } from '../provider.js';

export class CitationBook {
  private readonly bySource = new Map<string, number>();
  private readonly passages: Passage[] = [];

  /** Adds passages; returns the numbered block for the prompt. */
  add(passages: Passage[], maxChars = 1500): string {
    const blocks: string[] = [];
    for (const p of passages) {
      let n = this.bySource.get(p.source_id);
      if (n === undefined) {
        this.passages.push(p);
        n = this.passages.length;
        this.bySource.set(p.source_id, n);
      }
      const where = [p.title, ...p.headings].filter(Boolean).join(' › ');
      const text = p.text.length > maxChars ? `${p.text.slice(0, maxChars)}…` : p.text;
      blocks.push(`[${n}] ${where}${p.url ? `\n${p.url}` : ''}\n${text}`);
    }
    return blocks.join('\n\n');
  }

  get size(): number {
    return this.passages.length;
  }

  /** Renumbers the citations of `content`; returns the cited sources (all offered ones if none cited). */
  finish(content: string): { content: string; sources: SourceRef[] } {
    const order: number[] = [];
    const re = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
    for (const m of content.matchAll(re)) {
      for (const n of m[1].split(',').map((x) => Number(x.trim()))) {
        if (n >= 1 && n <= this.passages.length && !order.includes(n)) order.push(n);
      }
    }
    if (order.length === 0) {
      // Uncited answers still record what the model was shown (spec 2.11: sources used).
      return { content, sources: this.passages.map((p) => sourceRef(p)) };
    }
    const renumber = new Map(order.map((n, i) => [n, i + 1]));
    const rewritten = content.replace(re, (whole, list: string) => {
      const mapped = list
        .split(',')
        .map((x) => renumber.get(Number(x.trim())))
        .filter((x): x is number => x !== undefined);
      return mapped.length ? `[${mapped.join(', ')}]` : whole;
    });
    return { content: rewritten, sources: order.map((n) => sourceRef(this.passages[n - 1])) };
  }
}
