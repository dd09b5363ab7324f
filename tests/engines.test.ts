// Supported Node versions (README "Requirements"): package.json declares the range, and every locked
// dependency must run on all of it — otherwise `npm ci` prints EBADENGINE on a version we claim to
// support. Node 20 and 24 (the current LTS) are both in the range and both run the suite in CI.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: Record<string, string> | string[] }>;
};

describe('Node engines', () => {
  it('declares a range holding Node 20 and Node 24, and the one running the tests', () => {
    const declared = pkg.engines.node;
    expect(semver.validRange(declared)).not.toBeNull();
    for (const major of ['20', '24']) expect(semver.intersects(declared, `^${major}.0.0`), `Node ${major}`).toBe(true);
    expect(semver.satisfies(process.versions.node, declared), process.version).toBe(true);
    expect(lock.packages['']?.engines).toEqual(pkg.engines);
  });

  it('locks only dependencies that support every Node version package.json declares', () => {
    const declared = pkg.engines.node;
    const unsupported = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return wanted && !semver.subset(declared, wanted, { includePrerelease: false }) ? [`${path}@${entry.version} wants node ${wanted}`] : [];
      });
    expect(unsupported).toEqual([]);
  });
});
