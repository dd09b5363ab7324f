// Builds the domain services once per app. Order follows dependencies.
import type { AppContext, Services } from './context.js';
import { createOrgService } from './domains/org/service.js';
import { createProjectService } from './domains/projects/service.js';
import { createApiKeyService } from './domains/apikeys/service.js';
import { createUserService } from './domains/users/service.js';
import { createConversationService } from './domains/conversations/service.js';

export function createServices(ctx: Omit<AppContext, 'services'>): Services {
  const { store, box, bus } = ctx;
  return {
    org: createOrgService(store),
    projects: createProjectService(store),
    apiKeys: createApiKeyService(store, box),
    users: createUserService(store),
    conversations: createConversationService(store, bus),
  };
}
