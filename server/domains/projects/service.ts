// Projects (spec 2.2) and their channels (spec 2.10).
import type { ParleyStore } from '../../store/index.js';
import type { Channel, Project } from '../../../shared/schemas/entities.js';
import { newId, now, randomToken } from '../../lib/ids.js';
import { invalid, notFound } from '../../errors.js';

export type ChannelInput = Partial<Omit<Channel, 'id' | 'project_id' | 'frame_id' | 'created_at'>>;

export function createProjectService(store: ParleyStore) {
  const projects = store.collection('projects');
  const channels = store.collection('channels');

  return {
    async createProject(input: { organizationId: string; name: string }): Promise<Project> {
      if (!input.name?.trim()) throw invalid('name is required', [{ path: 'name', message: 'is required' }]);
      const project: Project = { id: newId(), organization_id: input.organizationId, name: input.name.trim(), created_at: now() };
      return projects.put(input.organizationId, project);
    },

    /** A project by id, whatever its organization. */
    async getProject(id: string): Promise<Project | undefined> {
      return (await projects.findBy('id', id))[0];
    },

    listProjects: (organizationId: string) => projects.list(organizationId),

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

    async getChannelByFrameId(frameId: string): Promise<Channel | undefined> {
      return (await channels.findBy('frame_id', frameId))[0];
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
