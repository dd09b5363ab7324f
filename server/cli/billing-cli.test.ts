// Instance operators set contracts with the admin CLI (docs/billing.md "Contracts"), through the real entry point.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryArgs } from '../testing/entry-points.js';

const cli = (dir: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [...entryArgs('server/cli/main.ts'), ...args], {
    env: { ...process.env, BASE_URL: '', DATA_DIR: dir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('subscription commands', () => {
  it('sets a contract, refuses the legacy category beside the split pair, shows and expires it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-cli-billing-'));
    const org = /organization (\S+)/.exec(cli(dir, 'create-org', '--name', 'Acme').out)![1]!;
    const conflict = cli(dir, 'set-subscription', '--org', org, '--line-item', 'chat_messages:volume=100,rate=5,overage_rate=8', '--line-item', 'generated_messages:volume=100,rate=5,overage_rate=8');
    expect(conflict.code).not.toBe(0);
    expect(conflict.err).toContain('generated_messages');
    const tooLong = cli(dir, 'set-subscription', '--org', org, '--testphase-days', '90', '--line-item', 'chat_messages:volume=100,rate=5,overage_rate=8');
    expect(tooLong.code).not.toBe(0);
    const set = cli(dir, 'set-subscription', '--org', org, '--start', '2026-01-01', '--period', 'yearly', '--line-item', 'generated_messages:volume=5000,rate=2,overage_rate=3,overage_unit=100', '--contact', 'billing@acme.test');
    expect(set.code, set.err).toBe(0);
    expect(JSON.parse(set.out)).toMatchObject({ status: 'active', billing_period: 'yearly', testphase_end: '2026-01-31T00:00:00.000Z', next_renewal: '2027-01-01T00:00:00.000Z' });
    const shown = JSON.parse(cli(dir, 'show-subscription', '--org', org).out);
    expect(shown.current.lines[0]).toMatchObject({ category: 'generated_messages', committed_amount: 10000 });
    const expired = cli(dir, 'expire-subscription', '--org', org);
    expect(expired.out).toMatch(/expired since/);
  }, 180_000);
});
