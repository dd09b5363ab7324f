// JOB_LEASE_SECONDS (README "Configuration"): how long a background job stays with an instance that
// stopped renewing its claim (docs/architecture.md "Several instances on one database").
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('JOB_LEASE_SECONDS', () => {
  it('defaults to 30 seconds and takes whole seconds from 1 to 3600', () => {
    expect(loadConfig({}).jobLeaseMs).toBe(30_000);
    expect(loadConfig({ JOB_LEASE_SECONDS: '2' }).jobLeaseMs).toBe(2_000);
    expect(loadConfig({ JOB_LEASE_SECONDS: '3600' }).jobLeaseMs).toBe(3_600_000);
  });

  it('stops the start with the variable named for a value out of range or not a number', () => {
    for (const bad of ['0', '3601', '1.5', 'soon']) {
      expect(() => loadConfig({ JOB_LEASE_SECONDS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ JOB_LEASE_SECONDS: bad })).toThrow(/JOB_LEASE_SECONDS/);
    }
  });
});
