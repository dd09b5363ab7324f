// Attachment bytes in an S3-compatible bucket (docs/attachments.md "Storage"; FILE_STORAGE=s3): AWS S3,
// MinIO, Ceph RGW, Cloudflare R2 and anything else that speaks the S3 REST calls used here
// (PutObject, GetObject, DeleteObject, ListObjectsV2, DeleteObjects), signed with SigV4.
//
// Through the official client, @aws-sdk/client-s3: it signs, retries and parses the XML as AWS
// documents it. It is loaded on the first call, so a server on the local disk never pays for it
// (0.1-0.3 s to import, about 22 MB installed, and on Node 20 a notice that later SDK versions need
// Node 22: its lock file pins a version that still runs on Node 20).
// Checksums are sent only where S3 requires them (DeleteObjects): the SDK's default CRC32 on every
// upload is refused by some S3-compatible servers, and Parley keeps the SHA-256 of each file itself.
//
// A failure of the storage (unreachable, a wrong key, a missing bucket) is a 503 `storage_unavailable`
// for the request that needed it, with the cause in the server's log: the server's state, not the
// caller's input, and never a crash.
import type { S3Client } from '@aws-sdk/client-s3';
import { AppError } from '../../errors.js';
import { checkKey, type FileStorage } from './storage.js';

export interface S3Settings {
  /** S3_ENDPOINT, e.g. http://127.0.0.1:9000 for MinIO; null: AWS S3 of `region`. */
  endpoint: string | null;
  /** S3_REGION: signed into every request (R2 takes `auto`, MinIO and Ceph usually `us-east-1`). */
  region: string;
  bucket: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; null: the SDK's default chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, Ceph and local servers need it). */
  forcePathStyle: boolean;
  /** S3_PREFIX: put before every key (empty, or ending in `/`), so one bucket can hold other things too. */
  prefix: string;
}

/** ListObjectsV2 answers at most 1000 keys a page, and DeleteObjects takes at most 1000 keys a call. */
const PAGE = 1000;

/** Connection and idle limits: a hung storage fails the request instead of holding it for ever. */
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;

export function createS3Storage(settings: S3Settings): FileStorage {
  const { bucket, prefix } = settings;
  let loaded: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
      }),
    })));
  const objectKey = (key: string) => prefix + checkKey(key);

  return {
    async put(key, bytes) {
      const Key = objectKey(key);
      const { client, sdk } = await s3();
      // The type is Parley's to set when it serves the file (routes.ts), not the bucket's.
      await guard('store the file', () => client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentType: 'application/octet-stream' })));
    },

    async get(key) {
      const Key = objectKey(key);
      const { client, sdk } = await s3();
      return guard('read the file', async () => {
        try {
          const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key }));
          return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      });
    },

    async delete(key) {
      const Key = objectKey(key);
      const { client, sdk } = await s3();
      // S3 answers 204 for a key that is not there: deleting twice is no error.
      await guard('delete the file', () => client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key })));
    },

    async deletePrefix(keyPrefix) {
      const Prefix = `${objectKey(keyPrefix)}/`;
      const { client, sdk } = await s3();
      await guard('delete the files', async () => {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix, MaxKeys: PAGE, ContinuationToken }));
          const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
          // A page holds at most 1000 keys, so one DeleteObjects call takes it (the token points past them).
          if (keys.length > 0) {
            const res = await client.send(new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
            // DeleteObjects answers 200 even when some keys failed: those are listed in Errors.
            const failed = res.Errors ?? [];
            if (failed.length > 0) throw new Error(`DeleteObjects failed for ${failed.length} keys, e.g. ${failed[0]?.Key}: ${failed[0]?.Code}`);
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      });
    },
  };
}

/** NoSuchKey (or a 404 without that code, as some servers answer): nothing stored there. A missing bucket is a failure. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || (e?.$metadata?.httpStatusCode === 404 && e?.name !== 'NoSuchBucket');
}

/** Runs one storage call; any failure becomes a 503 that says what could not be done, with the cause for the log. */
async function guard<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const e = error as { name?: string; code?: string };
    const reason = e?.code ?? e?.name ?? 'error';
    const failure = new AppError('storage_unavailable', `The file storage could not ${what} (${reason}); try again in a moment`);
    failure.cause = error;
    throw failure;
  }
}
