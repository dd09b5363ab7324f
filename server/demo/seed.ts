// First-start demo seeding: organization, project with a website-widget channel, a team
// member who can log in and an sk_test_ key with all project permissions. Credentials are printed
// once and saved to DATA_DIR/demo-credentials.json (0600). A second start seeds nothing.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context.js';
import { PERMISSIONS } from '../../shared/permissions.js';
import { randomToken } from '../lib/ids.js';

export interface DemoCredentials {
  organization_id: string;
  project_id: string;
  channel_id: string;
  frame_id: string;
  api_key: string;
  email: string;
  password: string;
}

export const credentialsPath = (dataDir: string) => join(dataDir, 'demo-credentials.json');

export async function readDemoCredentials(dataDir: string): Promise<DemoCredentials | null> {
  try {
    return JSON.parse(await readFile(credentialsPath(dataDir), 'utf8')) as DemoCredentials;
  } catch {
    return null;
  }
}

/**
 * The public addresses the demo writes into its data (allowed origins, cited links). Passed in rather
 * than read from config: with PORT=0 the configured BASE_URL says ":0" until the server listens, and a
 * link stored with ":0" never works (main.ts seeds after listen with the real addresses).
 */
export interface DemoUrls {
  baseUrl: string;
  chatUrl: string;
}

/** Hooks later domains add to fill the demo project (e.g. its knowledge base). */
export type DemoSeeder = (ctx: AppContext, demo: DemoCredentials, urls: DemoUrls) => Promise<void>;
const seeders: DemoSeeder[] = [];
export const addDemoSeeder = (fn: DemoSeeder) => seeders.push(fn);

export async function seedDemo(
  ctx: AppContext,
  urls: DemoUrls = { baseUrl: ctx.config.baseUrl, chatUrl: ctx.config.chatUrl },
): Promise<{ created: boolean; credentials: DemoCredentials | null }> {
  const { services, config } = ctx;
  if ((await services.org.listOrganizations()).length > 0) {
    return { created: false, credentials: await readDemoCredentials(config.dataDir) };
  }
  const org = await services.org.createOrganization({ name: 'Demo Company', plan: 'professional' });
  const password = randomToken(12);
  const email = 'demo@parley.local';
  await services.org.createMember({ organizationId: org.id, email, name: 'Demo Owner', password, role: 'owner' });
  const project = await services.projects.createProject({ organizationId: org.id, name: 'Demo project' });
  const channel = await services.projects.createChannel(project.id, {
    name: 'Demo website',
    allowed_origins: [...new Set([new URL(urls.baseUrl).origin, new URL(urls.chatUrl).origin])],
    greeting: 'Hi! Ask me anything about Parley.',
  });
  const { key } = await services.apiKeys.create(project.id, {
    name: 'Demo key',
    permissions: [...PERMISSIONS],
    environment: config.env,
  });
  const credentials: DemoCredentials = {
    organization_id: org.id,
    project_id: project.id,
    channel_id: channel.id,
    frame_id: channel.frame_id,
    api_key: key,
    email,
    password,
  };
  // Written beside and renamed into place: a script polling for the file never reads half of it.
  const path = credentialsPath(config.dataDir);
  await writeFile(`${path}.tmp`, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  await rename(`${path}.tmp`, path);
  for (const seeder of seeders) await seeder(ctx, credentials, urls);
  return { created: true, credentials };
}
