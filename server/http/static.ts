// Small in-memory static file responses (widget assets, example pages): explicit content types,
// strong ETags with 304 revalidation, and `nosniff`, so a browser never guesses a type (spec 8.2).
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
};

export const contentTypeOf = (path: string): string => TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

export interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
}

export function staticFile(body: Buffer, path: string): StaticFile {
  return { body, type: contentTypeOf(path), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Sends `file` with the given Cache-Control and extra headers; answers 304 to a matching If-None-Match. */
export function sendStatic(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cacheControl: string,
  headers: Record<string, string> = {},
) {
  reply.headers({ ...headers, 'cache-control': cacheControl, etag: file.etag, 'x-content-type-options': 'nosniff' });
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) return reply.code(304).send();
  return reply.type(file.type).send(file.body);
}
