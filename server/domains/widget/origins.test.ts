// Which page origins may open the widget socket: pure rules, no server needed.
import { describe, expect, it } from 'vitest';
import { originAllowed } from './origins.js';

const urls = { baseUrl: 'https://parley.example.com', chatUrl: 'https://chat.parley.example.com', cdnUrl: 'https://cdn.parley.example.com', wsUrl: 'wss://parley.example.com/v1/widget/ws' };
const allowed = (list: string[], origin: string | undefined) => originAllowed({ allowed_origins: list }, origin, urls, null);

describe('originAllowed', () => {
  it('accepts listed origins exactly, Parley\'s own pages, and anything for *', () => {
    expect(allowed(['https://shop.example'], 'https://shop.example')).toBe(true);
    expect(allowed(['https://shop.example'], 'https://shop.example:8443')).toBe(false);
    expect(allowed(['https://shop.example'], 'http://shop.example')).toBe(false);
    expect(allowed(['https://shop.example'], 'https://evil.example')).toBe(false);
    expect(allowed([], 'https://chat.parley.example.com')).toBe(true);
    expect(allowed(['*'], 'https://anything.example')).toBe(true);
    expect(allowed(['*'], undefined)).toBe(true);
    expect(allowed(['https://shop.example'], undefined)).toBe(false);
    expect(allowed(['https://shop.example'], 'null')).toBe(false);
  });

  it('matches a wildcard subdomain at any depth, never the bare domain or a look-alike (spec 8.2)', () => {
    const list = ['https://*.shop.example'];
    expect(allowed(list, 'https://eu.shop.example')).toBe(true);
    expect(allowed(list, 'https://a.b.shop.example')).toBe(true);
    expect(allowed(list, 'https://shop.example')).toBe(false);
    expect(allowed(list, 'https://evilshop.example')).toBe(false);
    expect(allowed(list, 'https://eu.shop.example.evil.com')).toBe(false);
    expect(allowed(list, 'http://eu.shop.example')).toBe(false);
    expect(allowed(list, 'https://eu.shop.example:8443')).toBe(false);
  });
});
