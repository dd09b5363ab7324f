// Projects (spec 2.2), their user pools (spec 2.4) and their channels (spec 2.10).
import type { ParleyStore } from '../../store/index.js';
import type { Channel, Project, UserPool } from '../../../shared/schemas/entities.js';
import { newId, now, randomToken } from '../../lib/ids.js';
import { invalid, notFound } from '../../errors.js';

export type ChannelInput = Partial<Omit<Channel, 'id' | 'project_id' | 'frame_id' | 'created_at'>>;

export function createProjectService(store: ParleyStore) {
  const projects = store.collection('projects');
  const channels = store.collection('channels');

  /** User pools exist through the projects that name them (entities.ts, UserPoolSchema). */
  const pools = {
    async list(organizationId: string): Promise<UserPool[]> {
      const byPool = new Map<string, string[]>();
      for (const p of await projects.list(organizationId)) byPool.set(p.user_pool_id, [...(byPool.get(p.user_pool_id) ?? []), p.id]);
      return [...byPool].map(([id, project_ids]) => ({ id, organization_id: organizationId, project_ids }));
    },
    async get(organizationId: string, id: string): Promise<UserPool | undefined> {
      const users = (await projects.findBy('user_pool_id', id)).filter((p) => p.organization_id === organizationId);
      return users.length ? { id, organization_id: organizationId, project_ids: users.map((p) => p.id) } : undefined;
    },
  };

  return {
    /**
     * A new project gets a user pool of its own, unless `userPoolId` names a pool of its organization
     * to share (spec 2.4): then a verified user is one user across those projects.
     */
    async createProject(input: { organizationId: string; name: string; userPoolId?: string }): Promise<Project> {
      if (!input.name?.trim()) throw invalid('name is required', [{ path: 'name', message: 'is required' }]);
      if (input.userPoolId !== undefined && !(await pools.get(input.organizationId, input.userPoolId))) {
        throw invalid(`No user pool ${input.userPoolId} in this organization: name the user_pool_id of one of its projects`, [
          { path: 'user_pool_id', message: 'is not a user pool of this organization' },
        ]);
      }
      const project: Project = { id: newId(), organization_id: input.organizationId, name: input.name.trim(), user_pool_id: input.userPoolId ?? newId(), created_at: now() };
      return projects.put(input.organizationId, project);
    },

    /** A project by id, whatever its organization. */
    async getProject(id: string): Promise<Project | undefined> {
      return (await projects.findBy('id', id))[0];
    },

    listProjects: (organizationId: string) => projects.list(organizationId),

    userPools: pools,

    async createChannel(projectId: string, input: ChannelInput = {}): Promise<Channel> {
      const channel: Channel = {
        id: newId(),
        project_id: projectId,
        type: input.type ?? 'website_widget',
        name: input.name ?? 'Website',
        // Public and unguessable enough not to be enumerable; it names the cookies (spec 5.1).
        frame_id: `fr_${randomToken(12)}`,
        allowed_origins: input.allowed_origins ?? [],
        created_at: now(),
        ...stripUndefined(input),
      };
      return channels.put(projectId, channel);
    },

    listChannels: (projectId: string) => channels.list(projectId),

    /** A widget's channel; a platform channel (docs/channels.md) is never opened by a frame id. */
    async getChannelByFrameId(frameId: string): Promise<Channel | undefined> {
      return (await channels.findBy('frame_id', frameId)).find((c) => !c.platform);
    },

    async updateChannel(projectId: string, id: string, patch: ChannelInput): Promise<Channel> {
      const updated = await channels.update(projectId, id, (c) => ({ ...c, ...stripUndefined(patch) }));
      if (!updated) throw notFound('channel');
      return updated;
    },
  };
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export type ProjectService = ReturnType<typeof createProjectService>;
