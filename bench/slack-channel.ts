// Slack channel throughput (docs/channels.md): 100 signed app_mention events posted to a channel's
// events URL, each stored before its 200, answered by the offline agent and posted in its thread to
// a local Slack Web API on 127.0.0.1 through the official client. Ack latency is the events URL's
// answer time; the total runs until the last reply reached the local Slack. Printed, not asserted.
// Run: npm run bench:slack
import { createTestApp } from '../server/testing/test-app.js';
import { startFakeSlack } from '../server/domains/channels/slack/slack-api.fixture.js';
import { appMention, signedHeaders } from '../server/domains/channels/slack/slack-events.fixture.js';

const TOKEN = 'xoxb-1-2-bench';
const SECRET = 'bench-signing-secret';
const N = 100;

const t = await createTestApp();
await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
const slack = await startFakeSlack(TOKEN);
const connect = await t.app.inject({
  method: 'POST', url: `/v1/projects/${t.demo.project_id}/platform-channels`, headers: { authorization: `Bearer ${t.demo.api_key}` },
  payload: { type: 'slack', name: 'Bench', values: { bot_token: TOKEN, signing_secret: SECRET, api_url: slack.url } },
});
const url = `/v1/channels/slack/${t.demo.project_id}/${connect.json().id}/events`;
const acks: number[] = [];
const start = performance.now();
for (let i = 0; i < N; i++) {
  const body = JSON.stringify(appMention({ eventId: `EvBench${i}`, ts: `1515449522.${String(i).padStart(6, '0')}`, text: 'What does it cost?' }));
  const t0 = performance.now();
  const res = await t.app.inject({ method: 'POST', url, payload: body, headers: signedHeaders(SECRET, body) });
  acks.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(res.body);
}
await slack.waitForPosts(N, 120_000);
const total = performance.now() - start;
acks.sort((a, b) => a - b);
console.log(`${N} signed app_mention events (lowdb, offline answerer): ack p50 ${acks[N / 2].toFixed(1)} ms, p99 ${acks[Math.floor(N * 0.99)].toFixed(1)} ms; all ${N} replies posted after ${(total / 1000).toFixed(2)} s`);
console.log(`events=${N} ack_p50_ms=${acks[N / 2].toFixed(1)} ack_p99_ms=${acks[Math.floor(N * 0.99)].toFixed(1)} replies_per_s=${(N / (total / 1000)).toFixed(1)}`);
await t.close();
await slack.close();
