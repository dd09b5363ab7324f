// Runs AI replies for widget conversations: at most one at a time per conversation, and messages
// that arrive while a reply is being written are answered by one more run afterwards (coalesced),
// so a visitor typing three quick lines gets coherent answers instead of three racing ones.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';

export function createReplyRunner(ctx: AppContext, log: FastifyBaseLogger) {
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
        try {
          await ctx.services.agent.reply({ projectId, conversationId });
        } catch (err) {
          log.error({ err, conversationId }, 'agent reply failed');
          onError();
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
