import { describe, expect, it } from 'vitest';
import { cleanUserAgent, describeDevice, MAX_USER_AGENT } from './visitor-device.js';

describe('describeDevice', () => {
  it('names browser, major version, OS and form factor', () => {
    const android = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    expect(describeDevice(android)).toEqual({
      description: 'Chrome 131 on Android, mobile',
      browser: 'Chrome',
      browser_version: '131',
      os: 'Android',
      type: 'mobile',
      user_agent: android,
    });
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';
    expect(describeDevice(ipad).description).toBe('Safari 16 on iOS, tablet');
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0';
    expect(describeDevice(mac).description).toBe('Firefox 133 on macOS, desktop');
  });

  it('says what it does not know instead of guessing', () => {
    expect(describeDevice('curl/8.0')).toMatchObject({ description: 'Unknown browser', browser: null, os: null, type: 'unknown' });
  });

  it('keeps a bounded, trimmed header and nothing for an empty one', () => {
    expect(cleanUserAgent(undefined)).toBeNull();
    expect(cleanUserAgent('  ')).toBeNull();
    expect(cleanUserAgent(' x ')).toBe('x');
    expect(cleanUserAgent('a'.repeat(2000))).toHaveLength(MAX_USER_AGENT);
  });
});
