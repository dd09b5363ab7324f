// One entry per CLI command: its flags and what it does. A new command is one more entry here.
import type { AppContext } from '../context.js';
import { PERMISSIONS } from '../../shared/permissions.js';
import { AppError } from '../errors.js';
import { channelIdentitySecret } from '../domains/identity/channel-secret.js';
import { isWebUrl } from '../../shared/schemas/web-url.js';
import { ROLES } from '../../shared/roles.js';
import type { MemberRole } from '../../shared/schemas/entities.js';
import type { Config } from '../config.js';
import { BACKUP_COMMANDS } from './backup-commands.js';
import { MIGRATE_COMMANDS } from './migrate-to-postgres.js';
import { BILLING_COMMANDS } from './billing-commands.js';

export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;
/** node:util parseArgs options; `multiple` keeps every occurrence of a repeated flag. */
export type Option = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };

export interface Command {
  summary: string;
  options: Record<string, Option>;
  run(values: Values, ctx: AppContext, print: (line: string) => void): Promise<void>;
}

/** A command on DATA_DIR's files that runs without the CLI opening the store (backup-commands.ts). */
export interface DataDirCommand {
  summary: string;
  /** Its positional arguments as the usage names them, e.g. `DEST`. */
  args: string;
  options: Record<string, Option>;
  run(values: Values, args: string[], config: Config, print: (line: string) => void): Promise<void>;
}

export const isDataDirCommand = (c: Command | DataDirCommand): c is DataDirCommand => 'args' in c;

function required(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new AppError('invalid_request', `--${name} is required`);
  return v;
}

/**
 * `--origin a --origin b` and `--origin a,b` both give [a, b]. Each is `*` or an http(s) origin
 * (same rule as every URL Parley accepts), kept as its origin: a path or trailing slash is dropped.
 */
function origins(values: Values): string[] {
  const given = values.origin === undefined ? [] : ([] as string[]).concat(values.origin as string | string[]);
  return [
    ...new Set(
      given.flatMap((v) => v.split(',')).map((o) => o.trim()).filter(Boolean).map((o) => {
        if (o === '*') return o;
        if (!isWebUrl(o)) throw new AppError('invalid_request', `--origin "${o}" is not an http(s) origin such as https://www.example.com (or *)`);
        return new URL(o).origin;
      }),
    ),
  ];
}

async function requireProject(ctx: AppContext, id: string) {
  const project = await ctx.services.projects.getProject(id);
  if (!project) throw new AppError('not_found', `project ${id} not found`);
  return project;
}

/** Commands that run on the opened store (the CLI opens DATA_DIR for them). */
export const STORE_COMMANDS: Record<string, Command> = {
  'create-org': {
    summary: 'Create an organization: --name N [--plan standard|professional|enterprise]',
    options: { name: { type: 'string' }, plan: { type: 'string' } },
    async run(v, ctx, print) {
      const plan = (v.plan as string | undefined) ?? 'standard';
      if (!['standard', 'professional', 'enterprise'].includes(plan)) {
        throw new AppError('invalid_request', '--plan must be standard, professional or enterprise');
      }
      const org = await ctx.services.org.createOrganization({ name: required(v, 'name'), plan: plan as 'standard' });
      print(`organization ${org.id} "${org.name}" (${org.plan})`);
    },
  },
  'create-project': {
    summary: 'Create a project with a website-widget channel: --org ID --name N [--origin https://site]... (repeat or comma-separate) [--user-pool ID (share another project\'s users)]',
    options: { org: { type: 'string' }, name: { type: 'string' }, origin: { type: 'string', multiple: true }, 'user-pool': { type: 'string' } },
    async run(v, ctx, print) {
      const orgId = required(v, 'org');
      const allowed = origins(v); // checked before anything is created
      if (!(await ctx.services.org.getOrganization(orgId))) throw new AppError('not_found', `organization ${orgId} not found`);
      const userPoolId = v['user-pool'] === undefined ? undefined : required(v, 'user-pool');
      const project = await ctx.services.projects.createProject({ organizationId: orgId, name: required(v, 'name'), userPoolId });
      const channel = await ctx.services.projects.createChannel(project.id, { allowed_origins: allowed });
      print(`project ${project.id} "${project.name}"\nwidget channel ${channel.id} frame_id ${channel.frame_id}\nuser pool ${project.user_pool_id}`);
      print(`allowed origins ${allowed.length ? allowed.join(' ') : '(none yet: only Parley\'s own pages can open the widget)'}`);
    },
  },
  'create-member': {
    summary: `Create a team member: --org ID --email E --password P [--name N] [--role ${ROLES.join('|')}] (default member)`,
    options: {
      org: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
    },
    async run(v, ctx, print) {
      const role = (v.role as string | undefined) ?? 'member';
      // Every role of shared/roles.ts, so a new role is never missing here.
      if (!(ROLES as readonly string[]).includes(role)) throw new AppError('invalid_request', `--role must be one of ${ROLES.join(', ')}`);
      const member = await ctx.services.org.createMember({
        organizationId: required(v, 'org'),
        email: required(v, 'email'),
        password: required(v, 'password'),
        name: v.name as string | undefined,
        role: role as MemberRole,
      });
      print(`member ${member.id} ${member.email} (${member.role})`);
    },
  },
  'create-key': {
    summary: `Create an API key (shown once): --project ID --name N [--env live|test] [--permissions p1,p2|all]`,
    options: { project: { type: 'string' }, name: { type: 'string' }, env: { type: 'string' }, permissions: { type: 'string' } },
    async run(v, ctx, print) {
      const project = await requireProject(ctx, required(v, 'project'));
      const env = (v.env as string | undefined) ?? ctx.config.env;
      if (env !== 'live' && env !== 'test') throw new AppError('invalid_request', '--env must be live or test');
      const raw = (v.permissions as string | undefined) ?? 'all';
      const permissions = raw === 'all' ? [...PERMISSIONS] : raw.split(',').map((p) => p.trim());
      const { key, record } = await ctx.services.apiKeys.create(project.id, { name: required(v, 'name'), permissions, environment: env });
      print(`key ${record.id} "${record.name}" [${record.permissions.join(', ')}]`);
      print(key);
      print('Store it now: it is shown only once.');
    },
  },
  'list-projects': {
    summary: 'List organizations and their projects',
    options: {},
    async run(_v, ctx, print) {
      const orgs = await ctx.services.org.listOrganizations();
      if (orgs.length === 0) print(`no projects: ${ctx.config.dataDir} holds no organization yet (create-org, then create-project)`);
      for (const org of orgs) {
        print(`organization ${org.id} "${org.name}" (${org.plan})`);
        const projects = await ctx.services.projects.listProjects(org.id);
        if (projects.length === 0) print('  no projects');
        for (const p of projects) {
          print(`  project ${p.id} "${p.name}"`);
          for (const c of await ctx.services.projects.listChannels(p.id)) print(`    channel ${c.id} ${c.type} frame_id ${c.frame_id}`);
        }
      }
    },
  },
  'channel-secret': {
    summary: 'Show (or --rotate) a widget channel\'s identity secret for signing visitors (spec 2.4): --project ID [--channel ID] [--rotate] [--require-verified yes|no]',
    options: { project: { type: 'string' }, channel: { type: 'string' }, rotate: { type: 'boolean' }, 'require-verified': { type: 'string' } },
    async run(v, ctx, print) {
      const project = await requireProject(ctx, required(v, 'project'));
      const req = v['require-verified'];
      if (req !== undefined && !['yes', 'no'].includes(String(req))) throw new AppError('invalid_request', '--require-verified must be yes or no');
      const r = await channelIdentitySecret(ctx.services.projects, project.id, {
        channelId: v.channel as string | undefined,
        rotate: v.rotate === true,
        requireVerified: req === undefined ? undefined : req === 'yes',
      });
      print(`channel ${r.channel.id} frame_id ${r.channel.frame_id}${r.created ? ' (new secret: signatures made with an older one no longer verify)' : ''}`);
      print(`require_verified_identity ${r.channel.require_verified_identity === true}`);
      print(r.secret);
    },
  },
  'list-keys': {
    summary: 'List the API keys of a project (masked): --project ID',
    options: { project: { type: 'string' } },
    async run(v, ctx, print) {
      const project = await requireProject(ctx, required(v, 'project'));
      const keys = await ctx.services.apiKeys.list(project.id);
      if (keys.length === 0) print('no keys');
      for (const k of keys) {
        print(`${k.id}  ${k.mask}  "${k.name}"  ${k.environment}  last used ${k.last_used_at ?? 'never'}  [${k.permissions.join(', ')}]`);
      }
    },
  },
};

export const COMMANDS: Record<string, Command | DataDirCommand> = { ...STORE_COMMANDS, ...BILLING_COMMANDS, ...BACKUP_COMMANDS, ...MIGRATE_COMMANDS };

export function usage(only?: string): string {
  const entries = Object.entries(COMMANDS).filter(([n]) => !only || n === only);
  const one = only ? COMMANDS[only] : undefined;
  return [
    `Usage: npm run parley -- ${only ?? '<command>'}${one && isDataDirCommand(one) && one.args ? ` ${one.args}` : ''} [flags]`,
    '',
    ...entries.map(([n, c]) => `  ${n.padEnd(15)} ${c.summary}`),
    '',
    'Works on the data in DATA_DIR (default ./data) while the server is stopped: one process owns it at a time.',
    'backup also runs beside a running server, which then takes a consistent snapshot itself.',
    'help, --help, -h: this text; <command> --help: one command.',
  ].join('\n');
}
