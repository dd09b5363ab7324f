// robots.txt per origin, fetched once per crawl through safeFetch. A missing robots.txt
// (4xx) allows everything, as crawlers conventionally do; an unreachable one (network error, 5xx)
// also allows, since the pages themselves will then fail and be reported with their own reason.
import robotsParser from 'robots-parser';
import { safeFetch, type SafeFetchOptions } from '../../../lib/safe-fetch.js';

export const USER_AGENT = 'ParleyBot';

export function createRobots(fetchOpts: SafeFetchOptions) {
  const cache = new Map<string, Promise<ReturnType<typeof robotsParser> | null>>();

  function forOrigin(origin: string) {
    let p = cache.get(origin);
    if (!p) {
      const robotsUrl = `${origin}/robots.txt`;
      p = safeFetch(robotsUrl, { ...fetchOpts, maxBytes: 512 * 1024 })
        .then((res) => (res.status === 200 ? robotsParser(robotsUrl, res.body.toString('utf8')) : null))
        .catch(() => null);
      cache.set(origin, p);
    }
    return p;
  }

  return {
    async allowed(url: string): Promise<boolean> {
      const robots = await forOrigin(new URL(url).origin);
      return robots ? robots.isAllowed(url, USER_AGENT) !== false : true;
    },
  };
}
