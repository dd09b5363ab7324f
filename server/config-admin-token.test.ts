// ADMIN_TOKEN (docs/billing.md "Admin API"): the instance operators' bearer token; unset means the
// admin API is off, and a guessable value stops the start with the variable named, never echoed.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const STRONG = 'q3V9xK2mZp7RtL0wYb4NcJ8sHd6FgA1e';

describe('ADMIN_TOKEN', () => {
  it('is off when unset or empty, and takes one token or several separated by commas', () => {
    expect(loadConfig({}).adminTokens).toEqual([]);
    expect(loadConfig({ ADMIN_TOKEN: ' ' }).adminTokens).toEqual([]);
    expect(loadConfig({ ADMIN_TOKEN: STRONG }).adminTokens).toEqual([STRONG]);
    expect(loadConfig({ ADMIN_TOKEN: `${STRONG}, ${STRONG.split('').reverse().join('')}` }).adminTokens).toHaveLength(2);
  });

  it('refuses a short, repetitive or oddly formed token without echoing it', () => {
    for (const bad of ['changeme', 'a'.repeat(64), '0123456789'.repeat(3), 'abababababababababababababababab12', `${STRONG} x`, `${STRONG}"`, `${STRONG},short`]) {
      let error: unknown;
      try {
        loadConfig({ ADMIN_TOKEN: bad });
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^ADMIN_TOKEN: /);
      expect((error as Error).message).not.toContain(bad.split(',').at(-1)!.trim());
    }
  });
});
