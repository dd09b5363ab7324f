// Who a conversation created over the API belongs to (spec 4: "the user is identified by user_id").
// Decision: `user_id` is either a Parley user id of this project, or the caller's own user id, which
// we keep as the user's external id (spec 2.4) and create on first use, so a backend can open
// conversations for its customers without a separate create-user call (as Intercom's and Chatwoot's
// contact APIs allow). A user of another project is never matched: users are scoped per project.
// A user created on first use is stored in one Store.transact with the conversation (docs/architecture.md
// section 7 "Transactions"), so a crash between the two never leaves a user without it.
import type { ConversationRecord, User } from '../../../shared/schemas/entities.js';
import type { UserService } from '../users/service.js';
import type { ConversationService, CreateInput } from '../conversations/service.js';
import type { ParleyStore } from '../../store/index.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function existingUser(users: UserService, projectId: string, userId: string): Promise<User | undefined> {
  if (UUID.test(userId)) {
    const byId = await users.get(projectId, userId.toLowerCase());
    if (byId) return byId;
  }
  return users.findByIdentity(projectId, 'external_id', userId);
}

/** Creates the conversation `input` describes for the user `userId` names, creating that user with it when there is none. */
export async function createForUser(
  deps: { store: ParleyStore; users: UserService; conversations: ConversationService },
  userId: string,
  input: Omit<CreateInput, 'userId'>,
): Promise<ConversationRecord> {
  const { store, users, conversations } = deps;
  const existing = await existingUser(users, input.projectId, userId);
  if (existing) return conversations.create({ ...input, userId: existing.id });
  const id = newId();
  try {
    return await conversations.createWith({ ...input, userId: id }, (projectId, record) =>
      users.createWith(projectId, { external_id: userId }, id, (pool, user) =>
        store.transact((tx) => {
          tx.create('users', pool, user);
          tx.create('conversations', projectId, record);
        }),
      ),
    );
  } catch (err) {
    // A concurrent request created the same external id first: the conversation goes to that user.
    if (err instanceof AppError && err.code === 'conflict') {
      const winner = await users.findByIdentity(input.projectId, 'external_id', userId);
      if (winner) return conversations.create({ ...input, userId: winner.id });
    }
    throw err;
  }
}
