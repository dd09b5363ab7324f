// The repository stands alone (docs/architecture.md): docs and comments cite its own docs/ and the
// spec's section numbers, never design notes outside the repository, nor issue numbers a reader of
// the code cannot open.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const TEXT = /\.(ts|tsx|mts|mjs|js|md|sh|css|html|json)$/;
const OUTSIDE = [/DESIGN\.md/, /\bissues? \d+(\.\d+)?\b/i, /service-spec/, /anchors\.md/, /DEVELOPERS\.md/];

describe('the repository stands alone', () => {
  it('cites no file outside the repository and no issue number', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => TEXT.test(f) && f !== 'package-lock.json' && f !== 'tests/repo-standalone.test.ts');
    const hits: string[] = [];
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // listed but deleted in the working tree
      }
      text.split('\n').forEach((line, i) => {
        if (OUTSIDE.some((rx) => rx.test(line))) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(hits).toEqual([]);
  });
});
