// What one widget connection actually writes (docs/architecture.md section 5). Every frame is a
// serialisation and its own socket write (a system call), so frames the widget would not act on are
// not sent, and text produced in one go leaves as one frame. The widget's rules this relies on
// (widget/app/model.ts, documented with the frames in shared/protocol.ts):
//   - a `message.delta` shows the streamed text and ends the typing indicator;
//   - a `message.created` of a non-user message ends the typing indicator;
//   - `typing` {typing: false} clears the indicator whichever role it names.
// So a typing(true) immediately followed by the first delta of the answer is left out, and a
// typing(false) after the final message (the indicator is already gone) is left out. Everything
// else leaves in order, unchanged.
import type { ServerFrame } from '../../../shared/protocol.js';

type Delta = Extract<ServerFrame, { type: 'message.delta' }>;
type Typing = Extract<ServerFrame, { type: 'typing' }>;

export class OutboundFrames {
  /** A delta being merged, or a typing(true) that the next delta makes redundant; leaves at the end of the current task's microtasks. */
  private held: Delta | Typing | null = null;
  /** Per conversation, the role whose typing indicator the client shows (absent: none). */
  private typingShown = new Map<string, Typing['role']>();

  constructor(private readonly write: (frame: ServerFrame) => void) {}

  send(frame: ServerFrame): void {
    if (frame.type === 'message.delta') return this.delta(frame);
    if (frame.type === 'typing') return this.typing(frame);
    this.flush();
    this.emit(frame);
  }

  /** Writes the held frame, if any. */
  flush(): void {
    const held = this.held;
    this.held = null;
    if (held) this.emit(held);
  }

  private delta(frame: Delta): void {
    const held = this.held;
    if (held?.type === 'message.delta' && held.stream_id === frame.stream_id && held.conversation_id === frame.conversation_id) {
      held.delta += frame.delta;
      return;
    }
    // The delta ends the indicator the held typing(true) would have shown.
    if (held?.type === 'typing' && held.conversation_id === frame.conversation_id) this.held = null;
    this.flush();
    this.hold({ ...frame });
  }

  private typing(frame: Typing): void {
    const held = this.held;
    if (held?.type === 'typing' && held.conversation_id === frame.conversation_id) {
      this.held = null; // superseded by this one
    } else this.flush();
    const shown = this.typingShown.get(frame.conversation_id);
    if (frame.typing) {
      if (shown !== frame.role) this.hold({ ...frame });
      return;
    }
    if (shown !== undefined) this.emit(frame);
  }

  private hold(frame: Delta | Typing): void {
    this.held = frame;
    queueMicrotask(() => {
      if (this.held === frame) this.flush();
    });
  }

  private emit(frame: ServerFrame): void {
    if (frame.type === 'typing') {
      if (frame.typing) this.typingShown.set(frame.conversation_id, frame.role);
      else this.typingShown.delete(frame.conversation_id);
    } else if (frame.type === 'message.delta' || (frame.type === 'message.created' && frame.message.role !== 'user')) {
      this.typingShown.delete(frame.conversation_id);
    }
    this.write(frame);
  }
}
