// API keys (spec 2.3, 3.3): `sk_live_`/`sk_test_` + a 43-character secret. Looked up by a sha256 hash
// of the whole key; the copy kept for the team-member reveal is sealed with the master key.
import { createHash, randomBytes } from 'node:crypto';
import type { ParleyStore } from '../../store/index.js';
import type { ApiKey } from '../../../shared/schemas/entities.js';
import { isPermission, PERMISSIONS } from '../../../shared/permissions.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { newId, now } from '../../lib/ids.js';
import { invalid, notFound } from '../../errors.js';
import { grantChanged } from '../../http/auth/grant-changes.js';

export const SECRET_LENGTH = 43; // spec section 8
export const KEY_PATTERN = /^sk_(live|test)_[A-Za-z0-9_-]{43}$/;

export type Environment = ApiKey['environment'];
export type PublicApiKey = Omit<ApiKey, 'key_hash' | 'encrypted_key'>;

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** 43 base64url characters carry 258 bits of entropy. */
function newSecret(): string {
  return randomBytes(33).toString('base64url').slice(0, SECRET_LENGTH);
}

export const publicApiKey = ({ key_hash: _h, encrypted_key: _e, ...rest }: ApiKey): PublicApiKey => rest;

export function validatePermissions(permissions: unknown): string[] {
  if (!Array.isArray(permissions) || permissions.length === 0) {
    throw invalid('permissions must be a non-empty list', [{ path: 'permissions', message: 'must be a non-empty list' }]);
  }
  const unknown = permissions.filter((p) => typeof p !== 'string' || !isPermission(p));
  if (unknown.length > 0) {
    throw invalid(`unknown permissions: ${unknown.join(', ')}`, [
      { path: 'permissions', message: `allowed: ${PERMISSIONS.join(', ')}` },
    ]);
  }
  return [...new Set(permissions as string[])];
}

/** Last-use stamps are written at most once a minute per key so auth stays off the disk. */
const LAST_USED_GRANULARITY_MS = 60_000;

export function createApiKeyService(store: ParleyStore, box: SecretBox) {
  const keys = store.collection('api_keys');

  return {
    async create(projectId: string, input: { name: string; permissions: string[]; environment: Environment }) {
      if (!input.name?.trim()) throw invalid('name is required', [{ path: 'name', message: 'is required' }]);
      const permissions = validatePermissions(input.permissions);
      const key = `sk_${input.environment}_${newSecret()}`;
      const record: ApiKey = {
        id: newId(),
        project_id: projectId,
        name: input.name.trim(),
        environment: input.environment,
        permissions,
        key_hash: hashKey(key),
        mask: `sk_${input.environment}_…${key.slice(-4)}`,
        encrypted_key: box.seal(key),
        created_at: now(),
        last_used_at: null,
      };
      await keys.put(projectId, record);
      return { key, record };
    },

    /** The stored key for a presented key string, or undefined. Deleted keys are gone, so never found. */
    async lookup(presented: string): Promise<ApiKey | undefined> {
      return (await keys.findBy('key_hash', hashKey(presented)))[0];
    },

    list: (projectId: string) => keys.list(projectId),

    async get(projectId: string, id: string) {
      const key = await keys.get(projectId, id);
      if (!key) throw notFound('API key');
      return key;
    },

    async reveal(projectId: string, id: string): Promise<string> {
      const key = await keys.get(projectId, id);
      if (!key) throw notFound('API key');
      return box.open(key.encrypted_key);
    },

    /** Effective on the next request: auth reads the stored record every time (spec 3.3). */
    async update(projectId: string, id: string, patch: { name?: string; permissions?: string[] }) {
      const permissions = patch.permissions === undefined ? undefined : validatePermissions(patch.permissions);
      const updated = await keys.update(projectId, id, (k) => ({
        ...k,
        ...(patch.name?.trim() ? { name: patch.name.trim() } : {}),
        ...(permissions ? { permissions } : {}),
      }));
      if (!updated) throw notFound('API key');
      // An SSE stream opened with this key re-checks it (http/auth/grant-changes.ts).
      if (permissions) grantChanged({ kind: 'api_key', project_id: projectId, key_id: id });
      return updated;
    },

    async remove(projectId: string, id: string) {
      if (!(await keys.delete(projectId, id))) throw notFound('API key');
      grantChanged({ kind: 'api_key', project_id: projectId, key_id: id });
    },

    /** Records a use; fire-and-forget from auth, coarse so it does not write on every request. */
    touch(key: ApiKey): void {
      const last = key.last_used_at ? Date.parse(key.last_used_at) : 0;
      if (Date.now() - last < LAST_USED_GRANULARITY_MS) return;
      keys.update(key.project_id, key.id, (k) => ({ ...k, last_used_at: now() })).catch(() => {});
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
