// Small in-memory static file responses (widget assets, example pages): explicit content types,
// strong ETags with 304 revalidation, and `nosniff`, so a browser never guesses a type (spec 8.2).
// A file may carry precompressed variants (the widget build writes .br and .gz beside each asset):
// the one the request's Accept-Encoding prefers is sent, with its own ETag and `Vary: Accept-Encoding`,
// and the identity bytes when it accepts neither.
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import negotiate from '@fastify/accept-negotiator';
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

export type Encoding = 'br' | 'gzip';

export interface Encoded {
  body: Buffer;
  etag: string;
}

export interface StaticFile {
  body: Buffer;
  type: string;
  etag: string;
  /** Precompressed variants of `body`; each has its own ETag (a cache must not mix them up). */
  encodings?: Partial<Record<Encoding, Encoded>>;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export function staticFile(body: Buffer, path: string): StaticFile {
  return { body, type: contentTypeOf(path), etag: etagOf(body) };
}

/** A precompressed variant, kept only when it is smaller than the identity bytes. */
export function encodedVariant(identity: Buffer, compressed: Buffer | undefined): Encoded | undefined {
  return compressed && compressed.length < identity.length ? { body: compressed, etag: etagOf(compressed) } : undefined;
}

/** The variant to send for an Accept-Encoding header: the preferred available one (brotli before
 *  gzip at equal q: smaller for text), else identity (null). */
export function chooseEncoding(file: StaticFile, acceptEncoding: string | undefined): Encoding | null {
  const available = (['br', 'gzip'] as const).filter((e) => file.encodings?.[e]);
  if (!available.length || !acceptEncoding) return null;
  return negotiate(acceptEncoding, available);
}

/** Sends `file` with the given Cache-Control and extra headers; answers 304 to a matching If-None-Match. */
export function sendStatic(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cacheControl: string,
  headers: Record<string, string> = {},
) {
  const encoding = chooseEncoding(file, request.headers['accept-encoding']);
  const sent = encoding ? file.encodings![encoding]! : file;
  reply.headers({ ...headers, 'cache-control': cacheControl, etag: sent.etag, 'x-content-type-options': 'nosniff' });
  // Whenever the bytes depend on Accept-Encoding, caches must key on it (identity answers too).
  if (file.encodings && Object.keys(file.encodings).length) reply.header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === sent.etag)) return reply.code(304).send();
  // A Buffer body: Fastify sets Content-Length from the bytes actually sent.
  return reply.type(file.type).send(sent.body);
}
