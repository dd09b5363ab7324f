// The outbound variables (docs/webhooks.md "Server settings", docs/operators.md "E-mail"): a bad
// WEBHOOK_*, SMTP_URL or MAIL_FROM stops the start with one ConfigError line naming the variable,
// never a stack trace from deep inside the app being built.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { webhookSettings } from './domains/webhooks/settings.js';
import { startServerProcess } from './testing/server-process.js';

function refused(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('WEBHOOK_* variables', () => {
  it('keep the defaults when unset or blank', () => {
    expect(loadConfig({}).webhooks).toBeUndefined();
    expect(loadConfig({ WEBHOOK_TIMEOUT_SECONDS: ' ' }).webhooks).toBeUndefined();
    const settings = webhookSettings(false, loadConfig({}).webhooks);
    expect([settings.disableAfterMs, settings.timeoutMs, settings.concurrency]).toEqual([5 * 24 * 3_600_000, 15_000, 32]);
  });

  it('set the delivery timing of the server', () => {
    const config = loadConfig({ WEBHOOK_DISABLE_AFTER_HOURS: '0.5', WEBHOOK_TIMEOUT_SECONDS: '30', WEBHOOK_CONCURRENCY: '4' });
    const settings = webhookSettings(false, config.webhooks);
    expect([settings.disableAfterMs, settings.timeoutMs, settings.concurrency]).toEqual([1_800_000, 30_000, 4]);
  });

  it.each([
    ['WEBHOOK_DISABLE_AFTER_HOURS', 'soon'],
    ['WEBHOOK_DISABLE_AFTER_HOURS', '0'],
    ['WEBHOOK_DISABLE_AFTER_HOURS', '-1'],
    ['WEBHOOK_TIMEOUT_SECONDS', '15s'],
    ['WEBHOOK_TIMEOUT_SECONDS', '100000'],
    ['WEBHOOK_CONCURRENCY', '0'],
    ['WEBHOOK_CONCURRENCY', '2.5'],
    ['WEBHOOK_CONCURRENCY', 'many'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    const error = refused({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message).toMatch(new RegExp(`^${name}: must be .*"${value}"`));
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  it.each([
    [{ SMTP_URL: 'mail.example.com:587', MAIL_FROM: 'a@example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'a@example.com' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'a@example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, 'MAIL_FROM'],
    [{ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
  ])('refuses %j naming %s', (env, name) => {
    expect(refused(env).variable).toBe(name);
  });

  it('never echoes an SMTP password it could not parse', () => {
    expect(refused({ SMTP_URL: 'smtp://user:s3cret@[bad', MAIL_FROM: 'a@example.com' }).message).not.toContain('s3cret');
  });
});

describe('the real entry point', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('stops with one line naming a bad WEBHOOK_* variable, no stack trace', async () => {
    dir = await mkdtemp(join(tmpdir(), 'parley-config-outbound-'));
    const run = startServerProcess({ DATA_DIR: dir, WEBHOOK_TIMEOUT_SECONDS: 'fifteen' });
    try {
      expect(await run.exited).toBe(2);
      const lines = run.output().trim().split('\n');
      expect(lines).toEqual(['Invalid configuration: WEBHOOK_TIMEOUT_SECONDS: must be a number above 0 and at most 300, got "fifteen"']);
    } finally {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    }
  }, 30_000);
});
