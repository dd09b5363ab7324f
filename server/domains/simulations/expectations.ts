// What a simulated reply must do (docs/behaviour.md "Simulations"). Every check reads the stored
// reply and its trace, so it holds the same with the offline answerer and with an LLM.
import type { Expectation, TurnResult } from '../../../shared/schemas/simulations.js';

/** The expectations a turn missed, each in words for the console and a CI log. */
export function missedExpectations(expectations: readonly Expectation[], turn: Omit<TurnResult, 'failures'>): string[] {
  const reply = turn.reply;
  const text = reply?.content.toLowerCase() ?? '';
  const missed: string[] = [];
  for (const e of expectations) {
    switch (e.type) {
      case 'cites': {
        const sources = reply?.sources ?? [];
        const ok = e.title_contains ? sources.some((s) => s.title.toLowerCase().includes(e.title_contains!.toLowerCase())) : sources.length > 0;
        if (!ok) missed.push(e.title_contains ? `cites no source titled like "${e.title_contains}"` : 'cites no source');
        break;
      }
      case 'contains':
        if (!text.includes(e.text.toLowerCase())) missed.push(`does not contain "${e.text}"`);
        break;
      case 'not_contains':
        if (reply && text.includes(e.text.toLowerCase())) missed.push(`contains "${e.text}"`);
        break;
      case 'offers_handoff':
        if (!reply?.offer_handoff) missed.push('does not offer a handoff');
        break;
      case 'no_handoff':
        if (reply?.offer_handoff) missed.push('offers a handoff');
        break;
      case 'calls_tool':
        if (!turn.tools_called.includes(e.tool)) missed.push(`does not call \`${e.tool}\``);
        break;
      case 'not_calls_tool':
        if (turn.tools_called.includes(e.tool)) missed.push(`calls \`${e.tool}\``);
        break;
    }
  }
  if (!reply && expectations.length) missed.unshift(`no reply (${turn.skipped ?? 'none'})`);
  return missed;
}
