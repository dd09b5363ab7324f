// An answer never points at what it does not show: a sentence about "Lines 2-3"
// or "the example above" comes with its block or not at all, a paragraph opening "This searches…"
// after a command in the previous chunk loses that sentence, and no answer opens with a command.
import { describe, expect, it } from 'vitest';
import type { Passage } from '../../knowledge/types.js';
import { composeAnswer } from './compose.js';
import { refersBack, withoutDanglingReferences } from './references.js';

const passage = (text: string, ord = 1): Passage =>
  ({ chunk_id: `src:${ord}`, source_id: 'src', title: 'Manual', url: 'https://docs.example/manual', headings: ['Searching'], text, score: 1, question: null }) as unknown as Passage;
const concepts = (...words: string[]) => words.map((w) => ({ word: w, terms: [w], idf: 1, known: true }));

describe('answers that point at what they show', () => {
  it('leaves out a sentence about numbered lines or an example above that the answer does not show', () => {
    const text = 'Searching is done with grep over the tracked files.\n\nLines 2-3 of the example print the matches. Add -n for line numbers of each grep match.';
    const out = composeAnswer(passage(text, 0), concepts('grep', 'number'));
    expect(out).not.toMatch(/Lines 2-3/);
    expect(out).toContain('Add -n for line numbers of each grep match.');
  });

  it('shows the example a paragraph explains, right before it', () => {
    const filler = 'Searching the history is a common task, and several commands help with it in different ways. '.repeat(4);
    const text = `${filler}\n\n\`\`\`\ngit log -S needle\n\`\`\`\n\nThis searches the history for commits that add or remove the needle string.`;
    const out = composeAnswer(passage(text, 0), concepts('needle', 'commit', 'add', 'remov'));
    expect(out).toContain('```\ngit log -S needle\n```\n\nThis searches the history');
  });

  it('drops an opening sentence that explains a command left in the previous chunk, and never opens with code', () => {
    const cut = 'find . -name "*.log" -mtime +7\n```\n\nThis searches for files ending in .log older than a week. Delete them with -delete once the list looks right.';
    const out = composeAnswer(passage(cut, 3), concepts('delet', 'log', 'file', 'week'));
    expect(out.startsWith('Delete them with -delete')).toBe(true);
    expect(out).not.toContain('This searches');
    expect(out).not.toContain('find . -name');
  });

  it('never cuts a long paragraph inside a code span', () => {
    const long = `${'Set the option in the file. '.repeat(28)}Run \`parley config set --key value --another-key another-value --yet-more\` to change it.`;
    const out = composeAnswer(passage(long, 0), concepts('option'));
    expect((out.match(/`/g)?.length ?? 0) % 2).toBe(0);
  });

  it('reads which sentences point at something', () => {
    expect(refersBack('This searches for files.')).toBe(true);
    expect(refersBack('This page explains backups.')).toBe(false);
    expect(refersBack('Figure 3 shows the layout.')).toBe(true);
    expect(refersBack('Run the following command:')).toBe(false);
    expect(withoutDanglingReferences('See the example above. Then restart.', false)).toBe('Then restart.');
    expect(withoutDanglingReferences('This restarts it. Then wait.', true)).toBe('Then wait.');
    expect(withoutDanglingReferences('This restarts it. Then wait.', false)).toBe('This restarts it. Then wait.');
  });
});
