// How the server logs. Not a terminal (a service manager, a container, a file): one JSON object per
// line, as pino writes it, with one line per request at info. A terminal (someone ran `npm start`):
// short coloured lines through pino-pretty, and the per-request lines at debug, so the screen shows
// what happened to the server rather than every asset the demo page loads (LOG_LEVEL=debug shows them).
import pretty from 'pino-pretty';
import type { DestinationStream } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export interface Logging {
  /** Where log lines go (pino's stdout when unset). */
  stream?: DestinationStream;
  /** The level of the one line logged per request. */
  requestLevel: 'info' | 'debug';
}

export const jsonLogging: Logging = { requestLevel: 'info' };

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** Pretty, quieter logs for a person watching a terminal; `destination` is for tests. */
export function terminalLogging(destination: NodeJS.WritableStream | number = 1, colorize = true): Logging {
  const stream = pretty({
    destination,
    colorize,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as RequestLine;
      const message = String(log[messageKey] ?? '');
      if (!req?.method) return message;
      return `${req.method} ${req.url} → ${res?.statusCode ?? '?'} in ${Math.round(responseTime ?? 0)} ms`;
    },
  });
  return { stream, requestLevel: 'debug' };
}

/** The logging a process gets: pretty when stdout is a terminal, JSON otherwise. */
export const loggingFor = (isTTY: boolean | undefined): Logging => (isTTY ? terminalLogging() : jsonLogging);

/**
 * Fastify's two info lines per request ("incoming request", "request completed") become one line at
 * `level` once the response is sent; a request that failed still logs at error.
 */
export class RequestLogs extends LogController {
  constructor(private readonly level: Logging['requestLevel']) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }; // Fastify's serializers pick the fields
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[this.level](line, 'request completed');
  }
}
