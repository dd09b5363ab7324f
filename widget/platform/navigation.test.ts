// @vitest-environment happy-dom
// The SPA watcher on a DOM: history calls, back/forward, hash routes, debouncing and privacy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageContext, watchNavigation, type PageContext } from './navigation.js';

describe('pageContext', () => {
  it('drops the query and fragment by default, keeps hash routes', () => {
    expect(pageContext('https://shop.example/orders/7?email=a@b.c#access_token=x', 'Order 7')).toEqual({ url: 'https://shop.example/orders/7', title: 'Order 7' });
    expect(pageContext('https://app.example/#/settings?tab=billing', '')).toEqual({ url: 'https://app.example/#/settings' });
    expect(pageContext('https://app.example/search?q=shoes', 'S', { keepQuery: true }).url).toBe('https://app.example/search?q=shoes');
    expect(pageContext('https://x.example/' + 'a'.repeat(3000), 't'.repeat(600)).url.length).toBe(2048);
  });
});

describe('watchNavigation', () => {
  let seen: PageContext[];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
    history.replaceState(null, '', '/start');
    document.title = 'Start';
    stop = watchNavigation((p) => seen.push(p), { debounceMs: 200 });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('reports one debounced update per burst of router navigation, with the settled title', () => {
    history.pushState({}, '', '/products?id=3');
    history.replaceState({}, '', '/products/3?ref=mail');
    document.title = 'Product 3';
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(seen).toEqual([{ url: `${location.origin}/products/3`, title: 'Product 3' }]);
  });

  it('hears back/forward and hash routes, and stays quiet when nothing changed', () => {
    history.pushState({}, '', '/a');
    vi.advanceTimersByTime(250);
    history.pushState({}, '', '/a?utm=1'); // same page without the query
    vi.advanceTimersByTime(250);
    expect(seen.map((p) => new URL(p.url).pathname)).toEqual(['/a']);
    history.replaceState({}, '', '/b');
    window.dispatchEvent(new PopStateEvent('popstate'));
    vi.advanceTimersByTime(250);
    location.hash = '#/inbox';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    vi.advanceTimersByTime(250);
    expect(seen.map((p) => p.url.replace(location.origin, ''))).toEqual(['/a', '/b', '/b#/inbox']);
  });

  it('stops listening when stopped', () => {
    stop();
    history.pushState({}, '', '/after-stop');
    vi.advanceTimersByTime(250);
    expect(seen).toEqual([]);
  });
});
