// End users of the agent (spec 2.4): identified by email, phone or external id; anonymous visitors
// are tracked by device until they identify. Unsigned identity values are stored but never used to
// merge users: only verified identities merge (docs/identity.md).
//
// Users live in a user pool scoped to the organization, which projects may share (spec 2.4). Every
// method takes the project the caller works in (API paths stay /v1/projects/{project_id}/users) and
// resolves it to that project's pool: a user is found, created and updated in the pool, so two
// projects sharing a pool see one user where two projects with their own pools see two.
import type { ParleyStore } from '../../store/index.js';
import type { User } from '../../../shared/schemas/entities.js';
import { newId, now } from '../../lib/ids.js';
import { conflict, notFound } from '../../errors.js';
import { checkFreeForm } from '../../lib/free-form.js';
import { canonicalIdentity, type IdentityField } from './identity-values.js';
import { grantChanged } from '../../http/auth/grant-changes.js';

export interface UserInput {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
  external_id?: string | null;
  external_attributes?: Record<string, unknown>;
  timezone?: string | null;
  locales?: string[];
  labels?: string[];
  /** Set by a platform channel for the requester it maps (docs/channels.md), not by API callers. */
  platform_ids?: Record<string, string>;
}

export type { IdentityField };
const normalise = canonicalIdentity;

/** Told after a user is stored (webhooks): created, identified (an identity value or its verification is new) or otherwise changed. */
/**
 * Wraps the write of a user change with its webhook event (webhooks/relay.ts): the event is stored
 * before `write` runs; `fields` are what the stored user shows once the change landed.
 */
export type UserEventHook = <R>(
  projectId: string,
  event: { type: 'user.created' | 'user.identified' | 'user.updated'; user: User; pool: string; fields: Record<string, unknown> },
  write: () => Promise<R>,
) => Promise<R>;

const IDENTITY = ['email', 'phone', 'external_id'] as const;

/** Whether `after` knows who the user is in a way `before` did not. */
function newlyIdentified(before: User, after: User): boolean {
  return IDENTITY.some((f) => (after[f] !== null && before[f] === null) || (after[`${f}_signed`] && !before[`${f}_signed`]));
}

export function createUserService(store: ParleyStore, onEvent: UserEventHook = (_p, _e, write) => write()) {
  const users = store.collection('users');
  const projects = store.collection('projects');

  /** The pool of a project. An id that names no stored project stands for itself, as every project's pool did before pools. */
  async function poolOf(projectId: string): Promise<string> {
    return (await projects.findBy('id', projectId))[0]?.user_pool_id ?? projectId;
  }

  async function findByIdentity(projectId: string, field: IdentityField, value: string): Promise<User | undefined> {
    const pool = await poolOf(projectId);
    const matches = await users.findBy(field, normalise(field, value));
    return matches.find((u) => u.user_pool_id === pool);
  }

  async function assertUnique(projectId: string, input: UserInput, selfId?: string) {
    for (const field of ['email', 'phone', 'external_id'] as const) {
      const value = input[field];
      if (!value) continue;
      const other = await findByIdentity(projectId, field, value);
      if (other && other.id !== selfId) throw conflict(`another user has this ${field}`);
    }
  }

  function clean(input: UserInput): UserInput {
    const out: UserInput = { ...input };
    for (const field of ['email', 'phone', 'external_id'] as const) {
      const v = out[field];
      if (typeof v === 'string') out[field] = v.trim() === '' ? null : normalise(field, v);
    }
    return out;
  }

  /**
   * create() with the write handed to the caller, who stores `user` in `pool` together with other
   * documents in one Store.transact (a visitor's first message, spec 5.1); the user.created event is
   * recorded around it as around create().
   */
  async function createWith(projectId: string, input: UserInput, id: string, write: (pool: string, user: User) => Promise<unknown>): Promise<User> {
    const data = clean(input);
    checkFreeForm('external_attributes', data.external_attributes ?? {});
    await assertUnique(projectId, data);
    const pool = await poolOf(projectId);
    const user: User = {
      id,
      user_pool_id: pool,
      first_name: data.first_name ?? null,
      last_name: data.last_name ?? null,
      email: data.email ?? null,
      phone: data.phone ?? null,
      external_id: data.external_id ?? null,
      external_attributes: data.external_attributes ?? {},
      timezone: data.timezone ?? null,
      locales: data.locales ?? [],
      labels: data.labels ?? [],
      email_signed: false,
      phone_signed: false,
      external_id_signed: false,
      ...(data.platform_ids ? { platform_ids: data.platform_ids } : {}),
      last_seen_at: null,
      created_at: now(),
    };
    await onEvent(projectId, { type: 'user.created', user, pool, fields: { created_at: user.created_at } }, () => write(pool, user));
    return user;
  }

  return {
    poolOf,
    findByIdentity,

    create(projectId: string, input: UserInput = {}, id: string = newId()): Promise<User> {
      return createWith(projectId, input, id, (pool, user) => users.put(pool, user));
    },

    createWith,

    get: async (projectId: string, id: string) => users.get(await poolOf(projectId), id),

    async require(projectId: string, id: string): Promise<User> {
      const user = await users.get(await poolOf(projectId), id);
      if (!user) throw notFound('user');
      return user;
    },

    list: async (projectId: string) => users.list(await poolOf(projectId)),

    /** Patch: `external_attributes` are merged key by key (spec 4); other fields replace. */
    async patch(projectId: string, id: string, input: UserInput & Partial<Pick<User, 'email_signed' | 'phone_signed' | 'external_id_signed' | 'last_seen_at'>>) {
      const data = clean(input);
      await assertUnique(projectId, data, id);
      const pool = await poolOf(projectId);
      const change = (u: User): User => {
        const next: User = { ...u };
        for (const [k, v] of Object.entries(data)) {
          if (v === undefined || k === 'external_attributes') continue;
          (next as Record<string, unknown>)[k] = v;
        }
        if (data.external_attributes) {
          // The merged value must fit too; checked before the change is written.
          next.external_attributes = { ...u.external_attributes, ...data.external_attributes };
          checkFreeForm('external_attributes', next.external_attributes);
        }
        // A changed identity value loses its verification unless the caller re-verified it.
        for (const field of ['email', 'phone', 'external_id'] as const) {
          const flag = `${field}_signed` as const;
          if (data[field] !== undefined && data[field] !== u[field] && input[flag] === undefined) next[flag] = false;
        }
        return next;
      };
      const write = () => users.update(pool, id, change);
      // Marking the user seen (every visitor message) is not a change worth an event.
      const eventful = Object.keys(input).some((k) => k !== 'last_seen_at' && (input as Record<string, unknown>)[k] !== undefined);
      const before = eventful ? await users.get(pool, id) : undefined;
      if (!before) {
        const updated = await write();
        if (!updated) throw notFound('user');
        return updated;
      }
      // The event is made from the user as read now, so it can be stored before the write; a patch
      // racing this one in between may leave its `user` a step behind (the next event is current).
      const expected = change(before);
      const fields = Object.fromEntries(Object.entries(expected).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify((before as unknown as Record<string, unknown>)[k])));
      const type = newlyIdentified(before, expected) ? 'user.identified' : 'user.updated';
      const updated = await onEvent(projectId, { type, user: expected, pool, fields }, write);
      if (!updated) throw notFound('user');
      return updated;
    },

    async remove(projectId: string, id: string) {
      const removed = await users.delete(await poolOf(projectId), id);
      // A widget connection acting as this user ends (http/auth/grant-changes.ts).
      if (removed) grantChanged({ kind: 'visitor', project_id: projectId, user_id: id });
      return removed;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
