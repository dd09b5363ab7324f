// Test helper: audiences with fixed ids (e.g. `aud_vip`) for tests that attach audiences to
// knowledge, which must name an existing audience (spec 2.8). They match every conversation.
import type { TestApp } from '../../testing/test-app.js';

export async function seedAudiences(t: TestApp, ids: string[], projectId = t.demo.project_id): Promise<void> {
  const at = new Date().toISOString();
  for (const id of ids) {
    await t.app.ctx.store.collection('audiences').put(projectId, { id, project_id: projectId, name: id, description: '', conditions: [], created_at: at, updated_at: at });
  }
}
