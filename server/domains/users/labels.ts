// User labels (spec 2.4 "labels"; audiences match them as `user.labels`, spec 2.8). Users live in a
// pool that several projects may share, so a user label is a name, not a project's label id: the
// same "vip" means the same in every project of the pool. Names are trimmed, compared without case
// (the audience evaluator ignores case too), and kept in the order they were first given.
import { invalid } from '../../errors.js';
import type { UserService } from './service.js';

export const MAX_USER_LABELS = 50;
export const MAX_USER_LABEL_LENGTH = 80;

/** The stored form of a label list; a blank or over-long name, or too many, is a 400. */
export function cleanUserLabels(labels: readonly string[], path = 'body.labels'): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  labels.forEach((raw, i) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || name.length > MAX_USER_LABEL_LENGTH) {
      throw invalid(`A user label is 1 to ${MAX_USER_LABEL_LENGTH} characters`, [{ path: `${path}/${i}`, message: 'blank or too long' }]);
    }
    if (seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    out.push(name);
  });
  if (out.length > MAX_USER_LABELS) {
    throw invalid(`A user carries at most ${MAX_USER_LABELS} labels`, [{ path, message: 'too many labels' }]);
  }
  return out;
}

export const hasUserLabel = (labels: readonly string[], name: string) => labels.some((l) => l.toLowerCase() === name.trim().toLowerCase());

/**
 * Adds (or with `remove`, takes away) one label of a user; answers whether anything changed. Used by
 * the agent's set_label tool and by triggers, which only ever name one label at a time.
 */
export async function changeUserLabel(users: UserService, projectId: string, userId: string, name: string, remove = false): Promise<'changed' | 'unchanged' | 'full' | 'no_user'> {
  const user = await users.get(projectId, userId);
  if (!user) return 'no_user';
  const has = hasUserLabel(user.labels, name);
  if (remove ? !has : has) return 'unchanged';
  if (!remove && user.labels.length >= MAX_USER_LABELS) return 'full';
  const labels = remove ? user.labels.filter((l) => l.toLowerCase() !== name.trim().toLowerCase()) : cleanUserLabels([...user.labels, name]);
  await users.patch(projectId, userId, { labels });
  return 'changed';
}
