// SSRF refusal of outbound fetches against real sockets on 127.0.0.x.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchError, isPrivateAddress, safeFetch } from './safe-fetch.js';

const servers: http.Server[] = [];
const hits: string[] = [];

async function serve(host: string, handler: http.RequestListener): Promise<string> {
  const server = http.createServer((req, res) => {
    hits.push(`${host}${req.url}`);
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, host, r));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

let loopback: string;
let redirector: string;
let big: string;

beforeAll(async () => {
  loopback = await serve('127.0.0.1', (_req, res) => res.end('secret internal data'));
  // 127.0.0.2 plays an allow-listed "public" host that redirects to a loopback address.
  redirector = await serve('127.0.0.2', (req, res) => {
    if (req.url === '/ok') return res.end('fine');
    res.writeHead(302, { location: `${loopback}/admin` }).end();
  });
  big = await serve('127.0.0.3', (_req, res) => res.end('x'.repeat(5000)));
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function refusal(url: string, policy = { allowPrivate: false }): Promise<FetchError> {
  try {
    await safeFetch(url, { policy });
  } catch (err) {
    return err as FetchError;
  }
  throw new Error(`fetch of ${url} was not refused`);
}

describe('safeFetch', () => {
  it('classifies private, loopback, link-local and reserved addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '224.0.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses loopback, private and link-local addresses before connecting', async () => {
    const before = hits.length;
    expect((await refusal(`${loopback}/`)).code).toBe('blocked_address');
    expect((await refusal('http://10.0.0.1/')).code).toBe('blocked_address');
    expect((await refusal('http://192.168.0.10:8080/')).code).toBe('blocked_address');
    expect((await refusal('http://169.254.169.254/latest/meta-data/')).code).toBe('blocked_address');
    expect((await refusal('http://[::1]/')).code).toBe('blocked_address');
    expect(hits.length).toBe(before);
  });

  it('resolves host names and checks every address (localhost is loopback)', async () => {
    const port = new URL(loopback).port;
    const before = hits.length;
    const err = await refusal(`http://localhost:${port}/`);
    expect(err.code).toBe('blocked_address');
    expect(hits.length).toBe(before);
  });

  it('checks every redirect hop: a redirect to loopback is refused', async () => {
    const policy = { allowPrivate: false, allowHosts: ['127.0.0.2'] };
    expect((await safeFetch(`${redirector}/ok`, { policy })).body.toString()).toBe('fine');
    const before = hits.filter((h) => h.startsWith('127.0.0.1')).length;
    const err = await refusal(`${redirector}/go`, policy);
    expect(err.code).toBe('blocked_address');
    expect(hits.filter((h) => h.startsWith('127.0.0.1')).length).toBe(before);
  });

  it('allows private addresses when the policy says so, and follows redirects', async () => {
    const res = await safeFetch(`${redirector}/go`, { policy: { allowPrivate: true } });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${loopback}/admin`);
    expect(res.body.toString()).toBe('secret internal data');
  });

  it('caps the body size and refuses non-http schemes', async () => {
    const err = await safeFetch(big, { policy: { allowPrivate: true }, maxBytes: 1000 }).catch((e) => e);
    expect(err.code).toBe('too_large');
    expect((await refusal('file:///etc/passwd', { allowPrivate: true })).code).toBe('bad_url');
    expect((await refusal('gopher://127.0.0.1/', { allowPrivate: true })).code).toBe('bad_url');
  });
});
