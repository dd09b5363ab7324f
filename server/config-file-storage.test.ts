// FILE_STORAGE and S3_* (docs/attachments.md "Storage"): unset means the local disk; `s3` needs a
// bucket and checks each setting at start, naming the variable and never echoing the secret.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const S3 = { FILE_STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_BUCKET: 'parley-files', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'hunter2-secret' };

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('FILE_STORAGE', () => {
  it('means the local disk when unset or local', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    expect(loadConfig({ FILE_STORAGE: 'local' }).fileStorage).toEqual({ kind: 'local' });
  });

  it('s3 with an endpoint: path-style and us-east-1 unless told otherwise, the prefix ending in /', () => {
    expect(loadConfig({ ...S3, S3_PREFIX: 'parley/files/' }).fileStorage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'parley-files',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'hunter2-secret' },
      forcePathStyle: true,
      prefix: 'parley/files/',
    });
    expect(loadConfig({ ...S3, S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'false' }).fileStorage).toMatchObject({ region: 'auto', forcePathStyle: false, prefix: '' });
  });

  it('s3 on AWS: the region is required, virtual-hosted addressing, and without keys the default credential chain', () => {
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'acme-parley', S3_REGION: 'eu-central-1' }).fileStorage).toEqual({
      kind: 's3', endpoint: null, region: 'eu-central-1', bucket: 'acme-parley', credentials: null, forcePathStyle: false, prefix: '',
    });
    expect(refusal({ FILE_STORAGE: 's3', S3_BUCKET: 'acme-parley' }).variable).toBe('S3_REGION');
  });

  it('stops the start naming the variable, and never echoes the secret', () => {
    const cases: [Record<string, string>, string][] = [
      [{ FILE_STORAGE: 'bucket' }, 'FILE_STORAGE'],
      [{ S3_BUCKET: 'parley-files' }, 'FILE_STORAGE'],
      [{ FILE_STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
      [{ ...S3, S3_BUCKET: 'Parley_Files' }, 'S3_BUCKET'],
      [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
      [{ ...S3, S3_ENDPOINT: 'http://AKID:hunter2-secret@127.0.0.1:9000' }, 'S3_ENDPOINT'],
      [{ ...S3, S3_REGION: 'US East' }, 'S3_REGION'],
      [{ ...S3, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY'],
      [{ ...S3, S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID'],
      [{ ...S3, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
      [{ ...S3, S3_PREFIX: '../elsewhere' }, 'S3_PREFIX'],
      [{ ...S3, S3_PREFIX: '/abs' }, 'S3_PREFIX'],
      [{ ...S3, S3_PREFIX: 'a b' }, 'S3_PREFIX'],
    ];
    for (const [env, variable] of cases) {
      const err = refusal(env);
      expect(err.variable, JSON.stringify(env)).toBe(variable);
      expect(err.message).toMatch(new RegExp(`^${variable}: `));
      expect(err.message).not.toContain('hunter2');
    }
  });
});
