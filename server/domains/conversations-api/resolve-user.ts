// Who a conversation created over the API belongs to (spec 4: "the user is identified by user_id").
// Decision: `user_id` is either a Parley user id of this project, or the caller's own user id, which
// we keep as the user's external id (spec 2.4) and create on first use, so a backend can open
// conversations for its customers without a separate create-user call (as Intercom's and Chatwoot's
// contact APIs allow). A user of another project is never matched: users are scoped per project.
import type { User } from '../../../shared/schemas/entities.js';
import type { UserService } from '../users/service.js';
import { AppError } from '../../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function resolveConversationUser(users: UserService, projectId: string, userId: string): Promise<User> {
  if (UUID.test(userId)) {
    const byId = await users.get(projectId, userId.toLowerCase());
    if (byId) return byId;
  }
  const existing = await users.findByIdentity(projectId, 'external_id', userId);
  if (existing) return existing;
  try {
    return await users.create(projectId, { external_id: userId });
  } catch (err) {
    // A concurrent request created the same external id first: use that user.
    if (err instanceof AppError && err.code === 'conflict') {
      const winner = await users.findByIdentity(projectId, 'external_id', userId);
      if (winner) return winner;
    }
    throw err;
  }
}
