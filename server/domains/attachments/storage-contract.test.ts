// The FileStorage contract (docs/attachments.md "Storage"), the same cases on both implementations:
// the local disk in a temp dir and an S3-compatible bucket on a local server that checks SigV4
// (server/testing/s3-server.ts), reached through the real S3 client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalStorage, type FileStorage } from './storage.js';
import { createS3Storage, type S3Settings } from './s3-storage.js';
import { startS3Server, type S3Server } from '../../testing/s3-server.js';
import { AppError } from '../../errors.js';

let dir: string;
let s3: S3Server;
/** A server whose pages hold 4 keys, so deletePrefix pages through a few. */
let small: S3Server;

const settings = (server: S3Server, more: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: server.url,
  region: server.region,
  bucket: 'parley',
  credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  forcePathStyle: true,
  prefix: '',
  ...more,
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-storage-'));
  s3 = await startS3Server();
  small = await startS3Server({ pageSize: 4 });
});
afterAll(async () => {
  await Promise.all([s3.close(), small.close(), rm(dir, { recursive: true, force: true })]);
});

const kinds: [string, () => FileStorage][] = [
  ['local disk', () => createLocalStorage(dir)],
  ['S3', () => createS3Storage(settings(s3))],
  ['S3 with a key prefix and 4-key pages', () => createS3Storage(settings(small, { prefix: 'parley/files/' }))],
];

describe.each(kinds)('FileStorage on %s', (_, make) => {
  const bytes = (text: string) => new Uint8Array(Buffer.from(text));

  it('gives back what was put, replaces it, and null for a key never stored', async () => {
    const storage = make();
    await storage.put('p1/c1/a1', bytes('first'));
    expect((await storage.get('p1/c1/a1'))?.toString()).toBe('first');
    await storage.put('p1/c1/a1', bytes('second'));
    expect((await storage.get('p1/c1/a1'))?.toString()).toBe('second');
    expect(await storage.get('p1/c1/none')).toBeNull();
    expect(await storage.get('p9/c9/none')).toBeNull();
  });

  it('deletes one file, and a missing one without error', async () => {
    const storage = make();
    await storage.put('p2/c1/a1', bytes('x'));
    await storage.put('p2/c1/a2', bytes('y'));
    await storage.delete('p2/c1/a1');
    expect(await storage.get('p2/c1/a1')).toBeNull();
    expect((await storage.get('p2/c1/a2'))?.toString()).toBe('y');
    await storage.delete('p2/c1/a1');
  });

  it('deletes a prefix across pages, and only that prefix', async () => {
    const storage = make();
    for (let i = 0; i < 10; i++) await storage.put(`p3/c1/a${i}`, bytes(`file ${i}`));
    await storage.put('p3/c10/a0', bytes('a conversation whose id starts like c1'));
    await storage.put('p3/c2/a0', bytes('another conversation'));
    await storage.deletePrefix('p3/c1');
    for (let i = 0; i < 10; i++) expect(await storage.get(`p3/c1/a${i}`)).toBeNull();
    expect((await storage.get('p3/c10/a0'))?.toString()).toBe('a conversation whose id starts like c1');
    expect((await storage.get('p3/c2/a0'))?.toString()).toBe('another conversation');
    await storage.deletePrefix('p3/nothing-here');
  });

  it('refuses a key that could leave its place', async () => {
    const storage = make();
    for (const key of ['../x', 'p/../../x', '/abs', 'p//c', 'p/c/a.b', '']) {
      await expect(storage.put(key, bytes('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('S3 storage', () => {
  it('deletes more than 1000 files under one prefix: two list pages, two DeleteObjects calls of at most 1000 keys', async () => {
    const objects = s3.bucket('parley');
    // Seeded straight into the bucket: 1001 uploads would only slow the test.
    for (let i = 0; i < 1203; i++) objects.set(`p4/c1/a${String(i).padStart(4, '0')}`, Buffer.from('x'));
    objects.set('p4/c2/keep', Buffer.from('kept'));
    s3.calls.length = 0;
    await createS3Storage(settings(s3)).deletePrefix('p4/c1');
    expect([...objects.keys()].filter((k) => k.startsWith('p4/'))).toEqual(['p4/c2/keep']);
    expect(s3.calls).toEqual(['GET ListObjectsV2', 'POST DeleteObjects', 'GET ListObjectsV2', 'POST DeleteObjects']);
  });

  it('keeps keys under S3_PREFIX in the bucket', async () => {
    await createS3Storage(settings(small, { prefix: 'parley/files/' })).put('p5/c1/a1', new Uint8Array([1, 2, 3]));
    expect(small.bucket('parley').get('parley/files/p5/c1/a1')).toEqual(Buffer.from([1, 2, 3]));
  });

  it('fails with storage_unavailable when the signature is wrong: the server checks it', async () => {
    const wrong = createS3Storage(settings(s3, { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' } }));
    const failure = await wrong.get('p1/c1/a1').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'storage_unavailable', status: 503, message: expect.stringContaining('SignatureDoesNotMatch') });
    await expect(wrong.put('p1/c1/a1', new Uint8Array([1]))).rejects.toMatchObject({ code: 'storage_unavailable' });
  });

  it('the local server refuses what S3 refuses: a request signed for another region, or not signed at all', async () => {
    await expect(createS3Storage(settings(s3, { region: 'eu-west-1' })).get('p1/c1/a1')).rejects.toMatchObject({ code: 'storage_unavailable', message: expect.stringContaining('AuthorizationHeaderMalformed') });
    const unsigned = await fetch(`${s3.url}/parley/p1/c1/a1`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('fails with storage_unavailable for a missing bucket rather than calling the file missing', async () => {
    await expect(createS3Storage(settings(s3, { bucket: 'no-such-bucket' })).get('p1/c1/a1')).rejects.toMatchObject({ code: 'storage_unavailable', message: expect.stringContaining('NoSuchBucket') });
  });

  it('fails with storage_unavailable when nothing listens at the endpoint', async () => {
    const gone = await startS3Server();
    await gone.close();
    const storage = createS3Storage({ ...settings(gone) });
    await expect(storage.put('p1/c1/a1', new Uint8Array([1]))).rejects.toMatchObject({ code: 'storage_unavailable', status: 503 });
    await expect(storage.get('p1/c1/a1')).rejects.toMatchObject({ code: 'storage_unavailable' });
  });
});
