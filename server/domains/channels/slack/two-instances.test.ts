// Two instances on one PostgreSQL database both run the Slack channel's processor and outbox sender
// (docs/channels.md "Limits", docs/architecture.md section 7): 20 signed events, each sent once to
// one instance's events URL, alternating, are answered once each, and Slack (the local Web API
// stand-in) gets 20 replies, none doubled, although both instances see every event and send due.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../store/postgres/testing/pg-server.js';
import { startTwoApps, type TwoApps } from '../../../jobs/testing/two-apps.js';
import { channelsOf } from '../index.js';
import { startFakeSlack, type FakeSlack } from './slack-api.fixture.js';
import { appMention, signedHeaders } from './slack-events.fixture.js';

const TOKEN = 'xoxb-1111-2222-abcdefghijklmnop';
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';

let pg: TestPostgres;
let slack: FakeSlack;
let two: TwoApps;
beforeAll(async () => {
  pg = await startPostgres();
  slack = await startFakeSlack(TOKEN);
  // Each processor also looks for waiting events every lease: every second here, so both see them all.
  two = await startTwoApps(await pg.createDatabase(), { jobLeaseMs: 1000 });
  await two.a.ctx.services.org.updateOrganization(two.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
}, 120_000);
afterAll(async () => {
  await two?.close();
  await slack?.close();
  await pg?.stop();
});

describe('the Slack channel on two instances', () => {
  it('answers each of 20 events once and posts each reply once', async () => {
    const project = two.demo.project_id;
    const created = await two.a.inject({
      method: 'POST', url: `/v1/projects/${project}/platform-channels`, headers: { authorization: `Bearer ${two.demo.api_key}` },
      payload: { type: 'slack', name: 'Support Slack', values: { bot_token: TOKEN, signing_secret: SECRET, api_url: slack.url } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/v1/channels/slack/${project}/${created.json().id}/events`;
    const count = 20;
    const roots = Array.from({ length: count }, (_, i) => `1515449700.${String(i + 1).padStart(6, '0')}`);
    const answers = await Promise.all(roots.map((root, i) => {
      const body = JSON.stringify(appMention({ eventId: `EvTWO${i}`, ts: root, text: 'What does it cost?' }));
      return (i % 2 ? two.b : two.a).inject({ method: 'POST', url, payload: body, headers: signedHeaders(SECRET, body) });
    }));
    expect(answers.map((r) => r.statusCode)).toEqual(roots.map(() => 200));
    // Both instances go through every waiting event and every due send at once.
    const [ca, cb] = [channelsOf(two.a.ctx), channelsOf(two.b.ctx)];
    await Promise.all([ca.processor.pass(), cb.processor.pass()]);
    await Promise.all([ca.sender.pass(), cb.sender.pass()]);
    await vi.waitFor(() => expect(slack.posts.length).toBeGreaterThanOrEqual(count), { timeout: 30_000, interval: 50 });
    // A little longer: a double would arrive right after.
    await new Promise((r) => setTimeout(r, 2000));
    expect(slack.posts.map((p) => p.thread_ts).sort()).toEqual(roots);
    const events = await two.b.ctx.store.collection('channel_events').list(project);
    expect(events.map((e) => e.status)).toEqual(roots.map(() => 'answered'));
    expect(events.map((e) => e.attempts)).toEqual(roots.map(() => 1));
    // One user message and one AI reply in each thread's conversation: no event was answered twice.
    for (const e of events) {
      const c = await two.a.ctx.services.conversations.require(project, e.conversation_id!);
      expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    }
  });
});
