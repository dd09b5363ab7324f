// The fetch the Streamable HTTP transport uses for a tool server (spec 2.9; docs/behaviour.md "External
// tool servers (MCP)"). Every socket it opens checks its address inside the socket's DNS lookup, as
// the crawler's fetcher does (lib/safe-fetch.ts guardedLookup): the address checked is the address
// connected to. Checking the name first and letting the global fetch resolve it again left a
// DNS-rebinding window: a name answering a public address to the check and 127.0.0.1 to the
// connection reached the loopback. Its own agents, so no socket opened elsewhere without
// the check is reused. Redirects are not followed here: the SDK follows them within the server's
// origin only, each through this fetch again.
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { guardedLookup, type Resolver } from '../../lib/safe-fetch.js';

export interface GuardedFetch {
  fetch: FetchLike;
  /** Ends the kept-alive sockets (the pool's closeAll). */
  close(): void;
}

export function guardedFetch(options: { allowPrivate: boolean; resolve?: Resolver }): GuardedFetch {
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  async function fetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`only http and https, not ${url.protocol}`);
    const headers = new Headers(init.headers);
    let body: Buffer | null = null;
    if (init.body != null) {
      // Whatever fetch accepts as a body (the SDK sends JSON text; OAuth sends URLSearchParams).
      const encoded = new Response(init.body);
      body = Buffer.from(await encoded.arrayBuffer());
      const type = encoded.headers.get('content-type');
      if (type && !headers.has('content-type')) headers.set('content-type', type);
      headers.set('content-length', String(body.length));
    }
    const method = (init.method ?? 'GET').toUpperCase();
    return new Promise<Response>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method,
          headers: Object.fromEntries(headers),
          agent: agents[url.protocol as 'http:' | 'https:'],
          lookup: guardedLookup({ allowPrivate: options.allowPrivate }, url, options.resolve),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const answer = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
          const status = res.statusCode ?? 502;
          const empty = method === 'HEAD' || status === 204 || status === 304;
          if (empty) res.resume();
          const stream = empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
          resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: answer }));
        },
      );
      request.on('error', reject);
      request.end(body ?? undefined);
    });
  }

  return {
    fetch,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
