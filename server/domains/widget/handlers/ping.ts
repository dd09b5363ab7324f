// ping → pong: lets the widget detect a half-open connection and show its offline state.
import type { FrameHandler } from '../gateway.js';

export const ping: FrameHandler<'ping'> = async (_frame, conn) => conn.send({ type: 'pong' });
