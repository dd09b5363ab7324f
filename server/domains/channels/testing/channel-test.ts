// The set-up every platform channel's end-to-end test shares: the real app on a fresh store with the
// demo's rate limits out of the way (a suite sends many events in a row), an owner signed in, the
// platform's stand-in started and the channel connected to it through the API.
// After each test the clock is real again and the stand-in answers as documented; after all, both
// close. The test keeps what is its own: the platform's events, their signatures and what it checks.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { loginAs, type TeamLogin } from '../../../http/auth/team-session.fixture.js';
import type { DemoCredentials } from '../../../demo/seed.js';
import type { ConversationRecord } from '../../../../shared/schemas/entities.js';
import { clock } from '../../../lib/clock.js';
import { channelsOf } from '../index.js';
import type { StandIn } from './stand-in-server.js';

export interface ChannelTestOptions<Platform> {
  /** Starts the platform's stand-in (its <platform>-api.fixture.ts). */
  platform: () => Promise<Platform>;
  /** The channel as POST /platform-channels takes it, pointed at the stand-in. */
  channel: (platform: Platform) => { type: string; name: string; values: Record<string, string> };
  /** Also listen on a real port, for tests that need the app's own URL. */
  listen?: boolean;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The app and the connected channel; its fields are set once the suite's beforeAll has run. */
export interface ChannelTest<Platform> {
  readonly app: FastifyInstance;
  readonly demo: DemoCredentials;
  readonly owner: TeamLogin;
  readonly platform: Platform;
  readonly channelId: string;
  /** A call to the project's API with its key. */
  api(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Where the platform posts its events for this channel. */
  eventsUrl(): string;
  /** Everything stored so far answered and every due reply sent. */
  settle(): Promise<void>;
  /** The project's stored platform events, and the one with the platform's id. */
  events(): ReturnType<typeof listEvents>;
  eventFor(platformEventId: string): Promise<Awaited<ReturnType<typeof listEvents>>[number]>;
  /** The project's outbox. */
  sends(): ReturnType<typeof listSends>;
  /** Once `count` sends have failed and wait for their retry (the platform down): those sends. */
  failedSends(count?: number): ReturnType<typeof listSends>;
  /** The clock past the first retry wait and one sender pass: what waited goes out (the platform back). */
  retryDue(): Promise<void>;
  conversation(id: string): Promise<ConversationRecord>;
}

const listEvents = (t: TestApp) => t.app.ctx.store.collection('channel_events').list(t.demo.project_id);
const listSends = (t: TestApp) => t.app.ctx.store.collection('channel_sends').list(t.demo.project_id);

export function channelTest<Platform extends StandIn<string>>(o: ChannelTestOptions<Platform>): ChannelTest<Platform> {
  let t: TestApp;
  let owner: TeamLogin;
  let platform: Platform;
  let channelId: string;
  let type: string;
  const api = (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `/v1/projects/${t.demo.project_id}${url}`, headers: { authorization: `Bearer ${t.demo.api_key}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const events = () => listEvents(t);

  beforeAll(async () => {
    t = await createTestApp();
    if (o.listen) await t.listen();
    await t.app.ctx.services.org.updateOrganization(t.demo.organization_id, { plan: 'enterprise', rate_limits: { per_minute: 1e6, per_day: 1e7 } });
    owner = await loginAs(t, 'owner');
    platform = await o.platform();
    const channel = o.channel(platform);
    type = channel.type;
    const created = await api('POST', '/platform-channels', channel);
    expect(created.statusCode, created.body).toBe(201);
    channelId = created.json().id;
  });
  afterEach(() => {
    clock.now = () => Date.now();
    platform.mode = 'ok';
  });
  afterAll(async () => {
    await t?.close();
    await platform?.close();
  });

  return {
    get app() { return t.app; },
    get demo() { return t.demo; },
    get owner() { return owner; },
    get platform() { return platform; },
    get channelId() { return channelId; },
    api,
    eventsUrl: () => `/v1/channels/${type}/${t.demo.project_id}/${channelId}/events`,
    async settle() {
      await channelsOf(t.app.ctx).processor.pass();
      await channelsOf(t.app.ctx).sender.pass();
    },
    events,
    eventFor: async (platformEventId) => (await events()).find((e) => e.platform_event_id === platformEventId)!,
    sends: () => listSends(t),
    async failedSends(count = 1) {
      for (let i = 0; i < 500; i++) {
        const pending = (await listSends(t)).filter((s) => s.status === 'pending' && s.attempts.length > 0);
        if (pending.length >= count) return pending;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no failed attempt recorded');
    },
    async retryDue() {
      const start = Date.now();
      clock.now = () => start + 3_000;
      await channelsOf(t.app.ctx).sender.pass();
    },
    conversation: async (id) => (await t.app.ctx.services.conversations.get(t.demo.project_id, id))!,
  };
}
