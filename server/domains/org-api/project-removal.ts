// Renaming and deleting a project (spec 2.1, 2.2): organization operations, session only. A project
// is fully isolated (spec 2.2), so deleting it deletes everything it holds: every document stored
// under its id (channels, API keys, conversations, knowledge, labels, profiles, audiences, widget
// visitors …) and, when no other project shares its user pool (spec 2.4), the pool's users. Running
// syncs of its data providers are waited for first so none writes into a deleted project.
import type { ParleyStore } from '../../store/index.js';
import { COLLECTION_NAMES } from '../../store/index.js';
import type { Project } from '../../../shared/schemas/entities.js';
import { invalid, notFound } from '../../errors.js';
import { grantChanged } from '../../http/auth/grant-changes.js';

/** Collections scoped by something other than a project id (organization, user pool, token). */
const NOT_PROJECT_SCOPED = new Set(['organizations', 'members', 'sessions', 'projects', 'users']);

export interface ProjectRemovalDeps {
  store: ParleyStore;
  /** Resolves once no sync of the project's providers is running. */
  waitForSyncs?: (projectId: string) => Promise<void>;
}

export function createProjectRemoval({ store, waitForSyncs }: ProjectRemovalDeps) {
  const projects = store.collection('projects');

  async function require(organizationId: string, projectId: string): Promise<Project> {
    const project = await projects.get(organizationId, projectId);
    if (!project) throw notFound('project');
    return project;
  }

  return {
    async rename(organizationId: string, projectId: string, name: string): Promise<Project> {
      const trimmed = name.trim();
      if (!trimmed) throw invalid('name must not be blank', [{ path: 'name', message: 'is blank' }]);
      await require(organizationId, projectId);
      return (await projects.update(organizationId, projectId, (p) => ({ ...p, name: trimmed })))!;
    },

    async remove(organizationId: string, projectId: string): Promise<void> {
      const project = await require(organizationId, projectId);
      // Gone from the organization first: from here on every /v1/projects/{id} call is a 404.
      await projects.delete(organizationId, projectId);
      // Open team feeds, widget sockets and streams of the project end now (http/auth/grant-changes.ts).
      grantChanged({ kind: 'project', project_id: projectId });
      await waitForSyncs?.(projectId);
      for (const name of COLLECTION_NAMES) {
        if (NOT_PROJECT_SCOPED.has(name)) continue;
        const col = store.collection(name);
        for (const doc of await col.list(projectId)) await col.delete(projectId, doc.id);
      }
      const sharing = (await projects.findBy('user_pool_id', project.user_pool_id)).filter((p) => p.id !== projectId);
      if (!sharing.length) {
        const users = store.collection('users');
        for (const u of await users.list(project.user_pool_id)) await users.delete(project.user_pool_id, u.id);
      }
    },
  };
}
