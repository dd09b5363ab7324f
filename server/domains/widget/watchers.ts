// Whether a visitor has a conversation open in a widget right now: a count of widget sockets
// subscribed to it. The visitor-reply e-mail (mail/visitor-reply.ts) goes only to a visitor who is
// not connected: one who is reads the reply in the widget. Module-wide like visitors.ts's
// visitorChanges: conversation ids are random, so apps in one test process never share one.
const watching = new Map<string, number>();

/** Counts a widget subscription to the conversation; returns the function that ends it (call it once). */
export function visitorWatching(conversationId: string): () => void {
  watching.set(conversationId, (watching.get(conversationId) ?? 0) + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (watching.get(conversationId) ?? 1) - 1;
    if (left > 0) watching.set(conversationId, left);
    else watching.delete(conversationId);
  };
}

export const visitorConnected = (conversationId: string): boolean => (watching.get(conversationId) ?? 0) > 0;
