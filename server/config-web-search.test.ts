// WEB_SEARCH_URL (docs/behaviour.md "Toolboxes and web tools"): unset means no search_web; a value
// must be an absolute http(s) URL, kept with its query so a provider's own parameters survive.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('WEB_SEARCH_URL', () => {
  it('is off when unset or blank', () => {
    expect(loadConfig({}).webSearchUrl).toBeNull();
    expect(loadConfig({ WEB_SEARCH_URL: '  ' }).webSearchUrl).toBeNull();
  });

  it('keeps the endpoint with its query', () => {
    expect(loadConfig({ WEB_SEARCH_URL: 'http://127.0.0.1:8888/search?categories=general' }).webSearchUrl).toBe('http://127.0.0.1:8888/search?categories=general');
  });

  it('stops the start with the variable named when it is not an http(s) URL', () => {
    for (const bad of ['searx.local/search', 'ftp://example.com/search']) {
      expect(() => loadConfig({ WEB_SEARCH_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ WEB_SEARCH_URL: bad })).toThrow(/^WEB_SEARCH_URL: /);
    }
  });
});
