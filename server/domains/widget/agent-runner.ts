// Runs AI replies for widget conversations: at most one at a time per conversation, and messages
// that arrive while a reply is being written are answered by one more run afterwards (coalesced),
// so a visitor typing three quick lines gets coherent answers instead of three racing ones.
//
// Replies yield to acknowledgements (docs/architecture.md section 5): a reply's retrieval and
// composing run as one stretch of CPU (its awaits on the in-memory store resolve at once), so a
// reply started straight from the handler that acked a message would hold back every other
// visitor's ack queued behind it. Each reply therefore waits for a slot (a few at a time, enough
// for a model's network waits to overlap) and then for the event loop's next check phase, after the
// pending I/O: frames that arrived and writes that became durable are acknowledged first.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';

/** The message of the `upstream_unavailable` error a widget gets when the AI could not answer (the widget shows its own words for it); the visitor may send again. */
export const REPLY_FAILED = 'The assistant could not answer right now; please try again';

/** Replies in progress at once; the others wait their turn in arrival order. */
export const REPLY_SLOTS = 4;

function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async take(): Promise<void> {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      // After the I/O already pending (new frames, finished durable writes and their acks).
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

export function createReplyRunner(ctx: AppContext, log: FastifyBaseLogger) {
  const slots = createSlots(REPLY_SLOTS);
  const running = new Map<string, { again: boolean }>();
  let closing = false;
  const inFlight = new Set<Promise<void>>();
  ctx.onClose(async () => {
    closing = true;
    await Promise.allSettled([...inFlight]);
  });

  async function loop(projectId: string, conversationId: string, state: { again: boolean }, onError: () => void) {
    try {
      do {
        state.again = false;
        await slots.take();
        try {
          await ctx.services.agent.reply({ projectId, conversationId });
        } catch (err) {
          log.error({ err, conversationId }, 'agent reply failed');
          onError();
        } finally {
          slots.give();
        }
      } while (state.again && !closing);
    } finally {
      running.delete(conversationId);
    }
  }

  return {
    request(projectId: string, conversationId: string, onError: () => void) {
      if (closing) return;
      const state = running.get(conversationId);
      if (state) {
        state.again = true;
        return;
      }
      const fresh = { again: false };
      running.set(conversationId, fresh);
      const p = loop(projectId, conversationId, fresh, onError);
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    },
  };
}

export type ReplyRunner = ReturnType<typeof createReplyRunner>;
const runners = new WeakMap<object, ReplyRunner>();

/**
 * The app's one runner: the gateway (typed messages) and the widget's file upload
 * (attachments/widget-routes.ts) ask through the same one, so a file and a typed line sent together
 * are coalesced and take their turn like any two messages. Keyed by the app's bus, which every
 * copy of the context (`{ ...ctx, services }`) shares, as operators/service.ts does.
 */
export function replyRunnerOf(ctx: AppContext, log: FastifyBaseLogger): ReplyRunner {
  let runner = runners.get(ctx.bus);
  if (!runner) runners.set(ctx.bus, (runner = createReplyRunner(ctx, log)));
  return runner;
}
