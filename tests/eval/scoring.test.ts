// The eval scores replies by their citations (docs/eval.md): a confident answer counts only when it
// cites a right page; suggestions count as useful when a right page is among them.
import { describe, expect, it } from 'vitest';
import { addScore, emptyTally, headline, median, mergeTallies, outcomeOf, pageOf, scoreReply, tallyLine, topPages, type Reply } from '../../eval/scoring.js';

const BASE = 'http://127.0.0.1:4000/git/';
const reply = (message: Reply['message'], ...pages: string[]): Reply => ({ message, sources: pages.map((p) => ({ url: p === '' ? null : BASE + p })) });

describe('eval scoring', () => {
  it('does not count a confident answer citing only wrong pages as answered: it is a wrong answer', () => {
    const s = scoreReply(reply({ outcome: 'answer' }, 'git-log.html', 'git-diff.html'), ['git-commit.html'], BASE);
    expect(s).toMatchObject({ answered: false, wrong: true, useful: false, cited3: false });
  });

  it('counts a confident answer citing a right page (with a section anchor) as answered and useful', () => {
    const s = scoreReply(reply({ outcome: 'answer' }, 'git-log.html', 'git-commit.html#_options'), ['git-commit.html', 'gitfaq.html'], BASE);
    expect(s).toMatchObject({ answered: true, wrong: false, useful: true, cited3: true, cited: ['git-log.html', 'git-commit.html'] });
  });

  it('counts a confident answer without any citation on an answerable question as wrong', () => {
    const s = scoreReply(reply({ outcome: 'answer' }), ['git-commit.html'], BASE);
    expect(s).toMatchObject({ answered: false, wrong: true, useful: false });
  });

  it('counts suggestions with a right page as useful, not as answered nor wrong', () => {
    const s = scoreReply(reply({ outcome: 'suggestions', offer_handoff: true }, 'git-log.html', 'git-stash.html'), ['git-stash.html'], BASE);
    expect(s).toMatchObject({ answered: false, wrong: false, useful: true, cited3: true });
  });

  it('does not count suggestions of wrong pages, or a no-answer listing the right page, as useful', () => {
    expect(scoreReply(reply({ outcome: 'suggestions' }, 'git-log.html'), ['git-stash.html'], BASE).useful).toBe(false);
    expect(scoreReply(reply({ outcome: 'no_answer' }, 'git-stash.html'), ['git-stash.html'], BASE)).toMatchObject({ useful: false, cited3: true });
  });

  it('takes cited3 from the first three sources only, and hit3 from retrieval alone', () => {
    const s = scoreReply(reply({ outcome: 'answer' }, 'a.html', 'b.html', 'c.html', 'right.html'), ['right.html'], BASE);
    expect(s).toMatchObject({ cited3: false, answered: true });
    // Several sections of one page count as one page.
    expect(scoreReply(reply({ outcome: 'answer' }, 'a.html#x', 'a.html#y', 'b.html', 'right.html'), ['right.html'], BASE).cited3).toBe(true);
    expect(topPages([`${BASE}a.html#1`, `${BASE}a.html#2`, null, 'http://elsewhere/x.html', `${BASE}b.html`, `${BASE}c.html`, `${BASE}d.html`], BASE, 3)).toEqual(['a.html', 'b.html', 'c.html']);
    const t = emptyTally();
    addScore(t, scoreReply(reply({ outcome: 'answer' }, 'right.html'), ['right.html'], BASE), { latencyMs: 1, retrievedHit3: false });
    expect(t).toMatchObject({ hit3: 0, cited3: 1, answered: 1 });
  });

  it('counts a refusal only when an unanswerable question got no confident answer', () => {
    expect(scoreReply(reply({ outcome: 'answer' }, 'git-log.html'), [], BASE)).toMatchObject({ answerable: false, refused: false, wrong: false });
    expect(scoreReply(reply({ outcome: 'suggestions' }, 'git-log.html'), [], BASE).refused).toBe(true);
    expect(scoreReply(reply({ outcome: 'no_answer' }), [], BASE).refused).toBe(true);
  });

  it('reads a message without outcome as no_answer when it offers a handoff, else as answer', () => {
    expect(outcomeOf({ offer_handoff: true })).toBe('no_answer');
    expect(outcomeOf({ offer_handoff: false })).toBe('answer');
    expect(outcomeOf({})).toBe('answer');
    expect(outcomeOf({ outcome: 'suggestions', offer_handoff: true })).toBe('suggestions');
  });

  it('compares pages by URL without fragment or query, relative to the set', () => {
    expect(pageOf(`${BASE}tutorial/venv.html#creating`, BASE)).toBe('tutorial/venv.html');
    expect(pageOf(`${BASE}tutorial/?x=1`, BASE)).toBe('tutorial/index.html');
    expect(pageOf(`${BASE}a%20b.html`, BASE)).toBe('a b.html');
    expect(pageOf('http://127.0.0.1:4000/python/tutorial/venv.html', BASE)).toBeNull();
    expect(pageOf(null, BASE)).toBeNull();
    // A citation outside the set is a wrong page, never a right one.
    expect(scoreReply(reply({ outcome: 'answer' }, ''), ['git-log.html'], BASE).wrong).toBe(true);
  });

  it('adds up rates, the median latency and the headline line', () => {
    const t = emptyTally();
    addScore(t, scoreReply(reply({ outcome: 'answer' }, 'x.html'), ['x.html'], BASE), { latencyMs: 30, retrievedHit3: true, retrievedTop1: true });
    addScore(t, scoreReply(reply({ outcome: 'answer' }, 'y.html'), ['x.html'], BASE), { latencyMs: 10, retrievedHit3: true, retrievedTop1: false });
    addScore(t, scoreReply(reply({ outcome: 'no_answer' }), [], BASE), { latencyMs: 20, retrievedTop1: true });
    const xx = emptyTally();
    addScore(xx, scoreReply(reply({ outcome: 'suggestions' }, 'x.html'), ['x.html'], BASE), { latencyMs: 40 });
    const all = mergeTallies([t, xx]);
    expect(all).toMatchObject({ answerable: 3, unanswerable: 1, answered: 1, wrong: 1, useful: 2, hit3: 2, top1: 1, cited3: 2, refused: 1 });
    expect(tallyLine('all', all)).toContain('hit3=0.667 top1=0.333 cited3=0.667 ');
    // Of the one question whose first page was right, it was answered; the unanswerable one got the plain no-answer.
    expect(tallyLine('all', all)).toContain('top1_answer_rate=1.000 no_answer_rate=1.000 ');
    const suggested = emptyTally();
    addScore(suggested, scoreReply(reply({ outcome: 'suggestions' }, 'x.html'), [], BASE), { latencyMs: 5 });
    expect(tallyLine('s', suggested)).toContain('refusal_rate=1.000 top1_answer_rate=n/a no_answer_rate=0.000 ');
    expect(median([30, 10, 20, 40])).toBe(20);
    expect(headline(all, t, xx)).toBe(
      'hit3=0.667 answer_rate=0.333 wrong_answer_rate=0.333 useful_rate=0.667 refusal_rate=1.000 en_answer_rate=0.500 xx_answer_rate=0.000 p50_ms=20',
    );
  });
});
