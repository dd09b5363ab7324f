// DATABASE_URL (README "Configuration"): unset means the embedded store; a value must be a
// postgresql:// URL, and a bad one is refused without echoing what may be a password.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('DATABASE_URL', () => {
  it('means the embedded store when unset or blank', () => {
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeNull();
  });

  it('keeps a postgresql:// or postgres:// URL as given', () => {
    for (const url of ['postgresql://parley:pw@db.internal:5432/parley', 'postgres://parley@localhost/parley?host=/run/postgresql']) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });

  it('stops the start with the variable named, and never the value', () => {
    for (const bad of ['mysql://root:hunter2@db/parley', 'hunter2@db/parley']) {
      const err = (() => {
        try {
          loadConfig({ DATABASE_URL: bad });
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err).toBeInstanceOf(ConfigError);
      expect(err!.message).toMatch(/^DATABASE_URL: /);
      expect(err!.message).not.toContain('hunter2');
    }
  });
});
