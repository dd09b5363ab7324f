import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLES } from '../../shared/roles.js';
import { entryArgs } from '../testing/entry-points.js';

const cli = (dir: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [...entryArgs('server/cli/main.ts'), ...args], {
    env: { ...process.env, BASE_URL: '', DATA_DIR: dir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('admin CLI', () => {
  it('creates an organization, project, member and key, and lists them masked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-cli-'));
    const org = cli(dir, 'create-org', '--name', 'Acme', '--plan', 'professional');
    expect(org.code).toBe(0);
    const orgId = /organization (\S+)/.exec(org.out)![1];
    const project = cli(dir, 'create-project', '--org', orgId, '--name', 'Support', '--origin', 'https://acme.test');
    expect(project.code).toBe(0);
    const projectId = /project (\S+)/.exec(project.out)![1];
    expect(cli(dir, 'create-member', '--org', orgId, '--email', 'ann@acme.test', '--password', 'longenough1', '--role', 'admin').code).toBe(0);
    const key = cli(dir, 'create-key', '--project', projectId, '--name', 'backend', '--env', 'live', '--permissions', 'conversation:read,conversation:write');
    expect(key.code).toBe(0);
    const secret = /^sk_live_\S{43}$/m.exec(key.out)![0];
    const list = cli(dir, 'list-keys', '--project', projectId);
    expect(list.out).toContain(`sk_live_…${secret.slice(-4)}`);
    expect(list.out).not.toContain(secret);
    expect(cli(dir, 'list-projects').out).toContain('"Support"');
  }, 180_000); // each CLI run starts tsx: slow on a loaded machine

  it('fails clearly with a non-zero exit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-cli-'));
    const unknown = cli(dir, 'frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command');
    const missing = cli(dir, 'create-org');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('--name is required');
    const badPerm = cli(dir, 'create-key', '--project', '00000000-0000-0000-0000-000000000000', '--name', 'x');
    expect(badPerm.code).toBe(1);
    expect(badPerm.err).toContain('not found');
  }, 180_000); // each CLI run starts tsx: slow on a loaded machine

  it('create-member accepts every role of shared/roles.ts, operator included, and names them on a bad one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-cli-'));
    const orgId = /organization (\S+)/.exec(cli(dir, 'create-org', '--name', 'Acme').out)![1];
    for (const role of ROLES) {
      const r = cli(dir, 'create-member', '--org', orgId, '--email', `${role}@acme.test`, '--password', 'longenough1', '--role', role);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`${role}@acme.test (${role})`);
    }
    const bad = cli(dir, 'create-member', '--org', orgId, '--email', 'x@acme.test', '--password', 'longenough1', '--role', 'superuser');
    expect(bad.code).toBe(1);
    for (const role of ROLES) expect(bad.err).toContain(role);
  }, 180_000); // each CLI run starts tsx: slow on a loaded machine
});
