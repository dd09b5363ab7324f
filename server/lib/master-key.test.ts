// PARLEY_MASTER_KEY and DATA_DIR/master.key: what is accepted, what stops the start with a message
// naming the variable or file, and that the configured key is the one sealing recoverable secrets.
import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, testConfig } from '../config.js';
import { buildApp } from '../app.js';
import { seedDemo } from '../demo/seed.js';
import { createSecretBox, loadMasterKey } from './secret-box.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'parley-master-key-'));
  dirs.push(d);
  return d;
}

const configWith = (key: string) => loadConfig({ DATA_DIR: '/tmp/unused', PARLEY_MASTER_KEY: key });

describe('PARLEY_MASTER_KEY validation', () => {
  it('accepts 32 bytes in base64 or base64url, with a trailing newline from a file', () => {
    const bytes = randomBytes(32);
    for (const text of [bytes.toString('base64'), bytes.toString('base64url'), `${bytes.toString('base64')}\n`]) {
      expect(configWith(text).masterKey, text).toBe(text);
    }
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['a hex key (openssl rand -hex 32)', randomBytes(32).toString('hex')],
    ['a key with a stray character', `${randomBytes(32).toString('base64').slice(0, 20)}*${randomBytes(32).toString('base64').slice(20)}`],
    ['a key with a space inside', `${randomBytes(32).toString('base64').slice(0, 20)} ${randomBytes(32).toString('base64').slice(20)}`],
  ])('refuses %s with a ConfigError naming the variable', (_label, text) => {
    let error: unknown;
    try {
      configWith(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('PARLEY_MASTER_KEY');
    expect((error as ConfigError).message).toMatch(/^PARLEY_MASTER_KEY: must be 32 bytes encoded as base64/);
  });
});

describe('the master key in use', () => {
  it('seals API keys with the configured key, writes no key file, and reveals them after a restart', async () => {
    const dir = await tempDir();
    const key = randomBytes(32);
    const config = { ...testConfig(dir), masterKey: key.toString('base64') };
    const first = await buildApp(config);
    const { credentials } = await seedDemo(first.ctx);
    const stored = (await first.ctx.services.apiKeys.lookup(credentials!.api_key))!;
    await first.close();

    expect(createSecretBox(key).open(stored.encrypted_key)).toBe(credentials!.api_key);
    await expect(stat(join(dir, 'master.key'))).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await buildApp(config);
    try {
      expect(await again.ctx.services.apiKeys.reveal(credentials!.project_id, stored.id)).toBe(credentials!.api_key);
    } finally {
      await again.close();
    }
  });

  it('creates DATA_DIR/master.key (0600) when unset, keeps it, and refuses a damaged one naming the file', async () => {
    const dir = await tempDir();
    const created = await loadMasterKey(dir, null);
    expect(created).toHaveLength(32);
    expect((await stat(join(dir, 'master.key'))).mode & 0o777).toBe(0o600);
    expect((await loadMasterKey(dir, null)).equals(created)).toBe(true);
    expect((await readFile(join(dir, 'master.key'), 'utf8')).trim()).toBe(created.toString('base64'));

    await writeFile(join(dir, 'master.key'), `${created.toString('hex')}\n`);
    await expect(loadMasterKey(dir, null)).rejects.toThrow(join(dir, 'master.key'));
  });
});
