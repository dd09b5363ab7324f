// A small S3-compatible server on 127.0.0.1 for tests of the attachment storage (s3-storage.ts). It
// speaks the five REST calls Parley uses, path-style, as AWS documents them, and checks every
// request's Signature Version 4 like S3 does, so a wrong secret, region or tampered request fails:
//   SigV4 (header auth):  https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
//   canonical request:    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
//   PutObject:            https://docs.aws.amazon.com/AmazonS3/latest/API/API_PutObject.html
//   GetObject:            https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html
//   DeleteObject:         https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteObject.html
//   ListObjectsV2:        https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html
//   DeleteObjects:        https://docs.aws.amazon.com/AmazonS3/latest/API/API_DeleteObjects.html
//   error responses:      https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html
// Why not the s3rver package: its SigV4 check let a wrong secret through, and its ListObjectsV2
// continuation tokens use DES, which Node 17+ refuses (a 500 on the second page).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { AddressInfo } from 'node:net';

export interface S3ServerOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  buckets?: string[];
  /** Keys a ListObjectsV2 page holds at most (S3: 1000), so a test can page through a few keys. */
  pageSize?: number;
}

export interface S3Server {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** A bucket's objects by key: tests look into it and may seed it directly. */
  bucket(name: string): Map<string, Buffer>;
  /** Each request as `METHOD operation` (e.g. `POST DeleteObjects`), in order. */
  calls: string[];
  close(): Promise<void>;
}

/** SigV4's URI encoding: every byte but the unreserved characters, as %XX in upper case. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startS3Server(options: S3ServerOptions = {}): Promise<S3Server> {
  const accessKeyId = options.accessKeyId ?? 'PARLEYTESTKEY';
  const secretAccessKey = options.secretAccessKey ?? 'parley-test-secret-0123456789';
  const region = options.region ?? 'us-east-1';
  const pageSize = options.pageSize ?? 1000;
  const buckets = new Map((options.buckets ?? ['parley']).map((name) => [name, new Map<string, Buffer>()]));
  const calls: string[] = [];

  /** Checks the Authorization header as S3 does; throws the S3 error it would answer. */
  function verify(req: IncomingMessage, url: URL, body: Buffer) {
    const auth = req.headers.authorization ?? '';
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!match) throw new S3Failure(403, 'AccessDenied', 'Access Denied: the request is not signed with AWS4-HMAC-SHA256');
    const [, keyId, date, scopeRegion, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId) throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (scopeRegion !== region) throw new S3Failure(400, 'AuthorizationHeaderMalformed', `the region '${scopeRegion}' is wrong; expecting '${region}'`);
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const when = Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!amzDate.startsWith(date!) || !Number.isFinite(when)) throw new S3Failure(403, 'AccessDenied', 'x-amz-date is missing or does not match the credential scope');
    if (Math.abs(Date.now() - when) > 15 * 60_000) throw new S3Failure(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      if (!/^[0-9a-f]{64}$/.test(payloadHash)) throw new S3Failure(501, 'NotImplemented', `This server does not take ${payloadHash} payloads`);
      if (payloadHash !== sha256(body)) throw new S3Failure(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
    const names = signedHeaders!.split(';');
    if (!names.includes('host')) throw new S3Failure(403, 'AccessDenied', 'The host header must be signed');
    const canonicalHeaders = names.map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
    const canonicalUri = url.pathname.split('/').map((segment) => encode(decodeURIComponent(segment))).join('/');
    const canonicalQuery = [...url.searchParams]
      .map(([k, v]) => [encode(k), encode(v)] as const)
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalRequest = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region), 's3'), 'aws4_request');
    const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
    if (!timingSafeEqual(expected, Buffer.from(signature!))) {
      throw new S3Failure(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
    }
  }

  function listObjectsV2(name: string, objects: Map<string, Buffer>, url: URL, res: ServerResponse) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(Number(url.searchParams.get('max-keys') ?? 1000) || 1000, pageSize);
    const token = url.searchParams.get('continuation-token');
    // The token is opaque to the client; here it is the last key of the page before, in base64.
    const after = token ? Buffer.from(token, 'base64').toString('utf8') : (url.searchParams.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => `<Contents><Key>${escapeXml(k)}</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified><ETag>"${createHash('md5').update(objects.get(k)!).digest('hex')}"</ETag><Size>${objects.get(k)!.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`)
      .join('');
    const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!, 'utf8').toString('base64')}</NextContinuationToken>` : '';
    xml(res, 200, `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${name}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${token ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : ''}${next}${contents}</ListBucketResult>`);
  }

  function deleteObjects(req: IncomingMessage, objects: Map<string, Buffer>, body: Buffer, res: ServerResponse) {
    // S3 requires an integrity check on this call: Content-MD5 or an x-amz-checksum-* header.
    const md5 = req.headers['content-md5'];
    const crc = req.headers['x-amz-checksum-crc32'];
    if (!md5 && !crc) throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5 or x-amz-checksum-*');
    if (md5 && md5 !== createHash('md5').update(body).digest('base64')) throw new S3Failure(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    if (crc) {
      const sum = Buffer.alloc(4);
      sum.writeUInt32BE(crc32(body));
      if (crc !== sum.toString('base64')) throw new S3Failure(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
    }
    const text = body.toString('utf8');
    const keys = [...text.matchAll(/<Object>\s*<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1]!));
    if (!/<Delete[\s>]/.test(text) || keys.length === 0 || keys.length > 1000) throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');
    const quiet = /<Quiet>true<\/Quiet>/.test(text);
    for (const key of keys) objects.delete(key);
    const deleted = quiet ? '' : keys.map((k) => `<Deleted><Key>${escapeXml(k)}</Key></Deleted>`).join('');
    xml(res, 200, `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`);
  }

  function handle(req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) {
    const [, name = '', ...rest] = url.pathname.split('/');
    const key = rest.map((s) => decodeURIComponent(s)).join('/');
    const objects = buckets.get(decodeURIComponent(name));
    const q = url.searchParams;
    const operation =
      !key && req.method === 'GET' && q.get('list-type') === '2' ? 'ListObjectsV2'
      : !key && req.method === 'POST' && q.has('delete') ? 'DeleteObjects'
      : key && req.method === 'PUT' ? 'PutObject'
      : key && req.method === 'GET' ? 'GetObject'
      : key && req.method === 'DELETE' ? 'DeleteObject'
      : 'unsupported';
    calls.push(`${req.method} ${operation}`);
    verify(req, url, body);
    if (!objects) throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
    switch (operation) {
      case 'ListObjectsV2':
        return listObjectsV2(name, objects, url, res);
      case 'DeleteObjects':
        return deleteObjects(req, objects, body, res);
      case 'PutObject':
        objects.set(key, body);
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
        return;
      case 'GetObject': {
        const bytes = objects.get(key);
        if (!bytes) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length }).end(bytes);
        return;
      }
      case 'DeleteObject':
        objects.delete(key);
        res.writeHead(204).end();
        return;
      default:
        throw new S3Failure(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented');
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      try {
        handle(req, url, Buffer.concat(chunks), res);
      } catch (error) {
        const e = error instanceof S3Failure ? error : new S3Failure(500, 'InternalError', String(error));
        xml(res, e.status, `<Error><Code>${e.code}</Code><Message>${escapeXml(e.message)}</Message><Resource>${escapeXml(url.pathname)}</Resource><RequestId>parley-test</RequestId></Error>`);
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    region,
    bucket: (name) => {
      const objects = buckets.get(name);
      if (!objects) throw new Error(`no bucket ${name}`);
      return objects;
    },
    calls,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function xml(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}
