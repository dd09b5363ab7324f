// Attachments with FILE_STORAGE=s3 through the real app (docs/attachments.md "Storage"): the bytes go
// to the bucket of a local S3-compatible server that checks SigV4 (server/testing/s3-server.ts), are
// served only through Parley's signed link with its own headers, go with their conversation, and an
// unreachable storage is a 503 storage_unavailable, not a crash or a half-made message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startS3Server, type S3Server } from '../../testing/s3-server.js';

let s3: S3Server;
let t: TestApp;
let P: string;
let H: Record<string, string>;
let conversationId: string;

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['parley-files'] });
  t = await createTestApp({
    fileStorage: {
      kind: 's3',
      endpoint: s3.url,
      region: s3.region,
      bucket: 'parley-files',
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
      prefix: 'parley/',
    },
  });
  P = `/v1/projects/${t.demo.project_id}`;
  H = { authorization: `Bearer ${t.demo.api_key}` };
  const res = await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: { ...H, 'content-type': 'application/json' }, payload: { user_id: 'ext-s3', message: 'Here is my screenshot' } });
  conversationId = res.json().id;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const upload = (body: Buffer, type: string, name: string) =>
  t.app.inject({ method: 'POST', url: `${P}/conversations/${conversationId}/attachments?name=${name}`, headers: { ...H, 'content-type': type }, payload: body });
/** The path and query of a signed URL, for inject. */
const local = (url: string) => url.slice(new URL(url).origin.length);
const bucket = () => s3.bucket('parley-files');

describe('attachments in an S3-compatible bucket', () => {
  it('stores the upload in the bucket, serves it through the signed link, and deletes it with the conversation', async () => {
    const res = await upload(PNG, 'image/png', 'shot.png');
    expect(res.statusCode).toBe(201);
    const { attachment } = res.json();
    const key = `parley/${t.demo.project_id}/${conversationId}/${attachment.id}`;
    expect(bucket().get(key)).toEqual(PNG);
    // Nothing on the local disk.
    expect(existsSync(join(t.dataDir, 'files'))).toBe(false);

    // Read back from the bucket and served under Parley's own rules, not the bucket's type.
    const file = await t.app.inject({ method: 'GET', url: local(attachment.url) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(PNG);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="shot.png"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const pdf = (await upload(PDF, 'application/pdf', 'invoice.pdf')).json().attachment;
    const pdfFile = await t.app.inject({ method: 'GET', url: local(pdf.url) });
    expect(pdfFile.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf"/);
    expect([...bucket().keys()].filter((k) => k.startsWith(`parley/${t.demo.project_id}/${conversationId}/`))).toHaveLength(2);

    expect(await t.app.ctx.services.conversations.remove(t.demo.project_id, conversationId)).toBe(true);
    expect([...bucket().keys()].filter((k) => k.includes(conversationId))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: local(attachment.url) })).statusCode).toBe(404);
  });

  it('answers 503 storage_unavailable while the storage is down, and keeps no half-made file or message', async () => {
    const created = await t.app.inject({ method: 'POST', url: `${P}/conversations`, headers: { ...H, 'content-type': 'application/json' }, payload: { user_id: 'ext-s3-down', message: 'Another file' } });
    conversationId = created.json().id;
    const stored = (await upload(PNG, 'image/png', 'before.png')).json().attachment;
    await s3.close();

    const res = await upload(PNG, 'image/png', 'during.png');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'storage_unavailable', message: expect.stringMatching(/^The file storage could not store the file \(.+\); try again in a moment$/) });
    const read = await t.app.inject({ method: 'GET', url: local(stored.url) });
    expect(read.statusCode).toBe(503);
    expect(read.json().error).toBe('storage_unavailable');

    // The failed upload left no record and no message: only the file from before.
    const list = await t.app.inject({ method: 'GET', url: `${P}/conversations/${conversationId}/attachments`, headers: H });
    expect(list.json().data.map((a: { name: string }) => a.name)).toEqual(['before.png']);
    const convo = (await t.app.inject({ method: 'GET', url: `${P}/conversations/${conversationId}`, headers: H })).json();
    expect(convo.messages.map((m: { content: string }) => m.content)).not.toContain('during.png');
  });
});
