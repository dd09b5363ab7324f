// 1–5 star rating with optional text feedback (spec 2.5), shown once the conversation reached an end
// (model/rating.ts decides when). The stars are a radio group (arrow keys move, Enter/Space choose);
// choosing a star sends the rating at once, feedback follows optionally.
import { useState } from 'preact/hooks';
import type { ChatModel, ChatState } from '../model.js';
import { strings } from '../strings.js';

export function Rating(props: { state: ChatState; model: ChatModel }) {
  const { conversation, rateOffered } = props.state;
  const [stars, setStars] = useState(0);
  const [feedback, setFeedback] = useState('');
  const [done, setDone] = useState(false);
  if (!conversation || !rateOffered) return null;
  const rated = typeof conversation.rating === 'number' ? conversation.rating : 0;
  if (done || (rated && !stars)) return <p class="rating-done" role="status">{strings.thanks}</p>;

  const choose = (n: number) => {
    if (props.model.rate(n)) setStars(n);
  };
  return (
    <div class="rating">
      <span class="rating-title" id="parley-rate">
        {strings.rateTitle}
      </span>
      <div class="stars" role="radiogroup" aria-labelledby="parley-rate">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            type="button"
            role="radio"
            aria-checked={stars === n}
            aria-label={strings.rateStar(n)}
            class={`star${n <= stars ? ' on' : ''}`}
            tabIndex={(stars || 1) === n ? 0 : -1}
            onClick={() => choose(n)}
            onKeyDown={(e) => {
              const d = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
              if (!d) return;
              e.preventDefault();
              const next = Math.min(5, Math.max(1, n + d));
              choose(next);
              ((e.currentTarget as HTMLElement).parentElement?.children[next - 1] as HTMLElement | undefined)?.focus();
            }}
          >
            {n <= stars ? '★' : '☆'}
          </button>
        ))}
      </div>
      {stars > 0 && (
        <form
          class="feedback"
          onSubmit={(e) => {
            e.preventDefault();
            if (feedback.trim()) props.model.rate(stars, feedback);
            setDone(true);
          }}
        >
          <textarea
            aria-label={strings.feedbackPlaceholder}
            placeholder={strings.feedbackPlaceholder}
            maxLength={2000}
            rows={2}
            value={feedback}
            onInput={(e) => setFeedback((e.currentTarget as HTMLTextAreaElement).value)}
          />
          <div class="row">
            <button type="submit" class="btn">
              {strings.feedbackSend}
            </button>
            <button type="button" class="btn btn-secondary" onClick={() => setDone(true)}>
              {strings.skip}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
