// Names in a question (names.ts): what counts as one, and when no page found mentions it.
import { describe, expect, it } from 'vitest';
import type { Passage, QueryConcept } from '../../knowledge/types.js';
import { aboutNames, firstPages, isName } from './names.js';

const concept = (word: string, terms = [word]): QueryConcept => ({ word, terms, idf: 5, known: true });
const passage = (source: string, text: string): Passage => ({
  chunk_id: `${source}:0`, source_id: source, title: 'Backups', url: `https://docs.example/${source}`, headings: [], text, score: 1, language: 'en',
});

describe('names in a question', () => {
  it('reads capitals inside a word, dots, and capitals inside a sentence as names', () => {
    const q = 'how do I stream my sqlite database to S3 with Litestream, pgBouncer and asyncio.gather or a .xlsx file?';
    for (const w of ['s3', 'litestream', 'pgbouncer', 'asyncio', 'gather', 'xlsx']) expect(isName(q, concept(w), 'en')).toBe(true);
    for (const w of ['stream', 'sqlite', 'database', 'file']) expect(isName(q, concept(w), 'en')).toBe(false);
  });

  it('does not read a sentence’s first word, a number with a unit or a sentence end as a name', () => {
    expect(isName('Backups: where are they?', concept('backups'), 'en')).toBe(false);
    expect(isName('inserting 100k rows is slow', concept('100k'), 'en')).toBe(false);
    expect(isName('It failed. Restore it', concept('restore'), 'en')).toBe(false);
    expect(isName('Comment installer Git sur un Mac avec Homebrew ?', concept('homebrew'), 'fr')).toBe(true);
  });

  it('does not take a German noun for a name without a dictionary to tell', () => {
    expect(isName('Wie sichere ich die Datenbank?', concept('datenbank'), 'de')).toBe(false);
  });

  it('counts a section as about the question when it mentions every name, among the first three pages', () => {
    const concepts = [concept('stream'), concept('litestream'), concept('s3')];
    const q = 'stream my database to S3 with Litestream';
    const about = aboutNames(q, concepts, 'en');
    expect(about(passage('a', 'Litestream streams changes to S3.'))).toBe(true);
    expect(about(passage('b', 'Copies go to S3 buckets.'))).toBe(false);
    expect(aboutNames('stream my database', [concept('stream')], 'en')(passage('b', 'Copies go to S3 buckets.'))).toBe(true);
    // The name the whole base is about (in most sections: a low IDF) need not be in every section.
    expect(aboutNames('How do I benchmark a Fastify application?', [{ ...concept('fastify'), idf: 0.4 }, concept('benchmark')], 'en')(passage('b', 'Benchmarking.'))).toBe(true);
    // A fourth page is no suggestion: its sections are not among the first pages.
    const four = ['a', 'b', 'c', 'd'].map((s) => passage(s, 'Stream the database.'));
    expect(firstPages([...four, passage('a', 'More on a.')]).map((p) => p.source_id)).toEqual(['a', 'b', 'c', 'a']);
  });
});
