// What the visitor thought: the stars they gave and their feedback text (spec 2.7), as they wrote it.
import type { Conversation } from '../../shared/schemas/entities.js';
import { ratingText } from './format.js';

export function RatingPanel({ c }: { c: Conversation }) {
  const rating = ratingText(c.rating) ?? 'Not rated yet';
  return (
    <section class="panel rating" aria-labelledby="rating-title">
      <h2 id="rating-title">Rating</h2>
      <p class="rating-value" data-testid="rating">
        {typeof c.rating === 'number' && (
          <span class="stars" aria-hidden="true">
            {'★'.repeat(c.rating)}
            <span class="stars-off">{'★'.repeat(5 - c.rating)}</span>{' '}
          </span>
        )}
        {rating}
      </p>
      {c.rating_feedback && <blockquote class="feedback" data-testid="feedback">{c.rating_feedback}</blockquote>}
    </section>
  );
}
