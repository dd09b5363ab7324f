// The console's Channels page for team chat in real Chromium (docs/channels.md): every channel type
// with its state (Slack, Mattermost, Zendesk, Zammad and Salesforce available; the messaging
// platform coming soon), connecting Slack against a local Slack Web API on 127.0.0.1 (the secrets
// masked after saving), "send test" with what Slack answered, and the last inbound events with their
// outcome after a signed event was answered. axe-clean and nothing overflowing at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from './harness.js';
import { consoleHarness, itPassesAxeAndFits, layoutProblems, navTo, shot, signIn } from './console-harness.js';
import { startFakeSlack, type FakeSlack } from '../../server/domains/channels/slack/slack-api.fixture.js';
import { appMention, signedHeaders } from '../../server/domains/channels/slack/slack-events.fixture.js';
import { channelsOf } from '../../server/domains/channels/index.js';
import { startFakeMattermost, type FakeMattermost } from '../../server/domains/channels/mattermost/mattermost-api.fixture.js';
import { startFakeZendesk, type FakeZendesk } from '../../server/domains/channels/zendesk/zendesk-api.fixture.js';
import { commentAdded, signedHeaders as zendeskHeaders } from '../../server/domains/channels/zendesk/zendesk-events.fixture.js';

const TOKEN = 'xoxb-9999-8888-consoletokenabcd';
const SECRET = 'console-signing-secret-0123456789';
const h = consoleHarness();
const MM_TOKEN = 'consolebottoken0123456789ab';
let slack: FakeSlack;
let mattermost: FakeMattermost;
const ZD_TOKEN = 'consolezendesktoken0123456789';
const ZD_SECRET = 'console-zendesk-webhook-secret';
let zendesk: FakeZendesk;
beforeAll(async () => {
  slack = await startFakeSlack(TOKEN);
  mattermost = await startFakeMattermost(MM_TOKEN);
  zendesk = await startFakeZendesk('bot@example.com', ZD_TOKEN);
});
afterAll(async () => {
  await slack.close();
  await mattermost.close();
  await zendesk.close();
});

async function openChannels(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Channels');
  await page.getByRole('heading', { name: 'Channels', level: 1 }).waitFor();
}

describe('team console: team-chat channels', () => {
  it('lists every channel type, connects Slack, sends a test and shows the inbound events', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    const watch = await watchPage(page);
    await openChannels(page);
    errors.length = 0;

    const types = page.getByRole('region', { name: 'Channel types' });
    for (const [label, state] of [
      ['Website widget', 'Available'], ['API', 'Available'], ['Slack', 'Available'], ['Mattermost', 'Available'],
      ['Zendesk', 'Available'], ['Zammad', 'Available'], ['Salesforce', 'Available'], ['Messaging platform', 'Coming soon'],
    ]) {
      await types.locator('li', { has: page.getByText(label, { exact: true }) }).getByText(state, { exact: true }).waitFor();
    }

    // A token Slack refuses: what Slack said, nothing saved.
    const form = page.getByRole('form', { name: 'Connect Slack' });
    await form.getByLabel('Connection name').fill('Support Slack');
    await form.getByLabel('Bot token').fill('xoxb-wrong');
    await form.getByLabel('Signing secret').fill(SECRET);
    await form.getByLabel('API base URL').fill(slack.url);
    await form.getByRole('button', { name: 'Connect Slack' }).click();
    await form.getByRole('alert').filter({ hasText: 'invalid_auth' }).waitFor();
    // The browser logs the refused request (424) itself; errors count again from here.
    errors.length = 0;

    await form.getByLabel('Bot token').fill(TOKEN);
    await form.getByLabel('Handoff channel').fill('CHANDOFF01');
    await form.getByRole('button', { name: 'Connect Slack' }).click();
    await page.getByRole('heading', { name: 'Support Slack', level: 1 }).waitFor();
    const eventsUrl = await page.getByTestId('events-url').innerText();
    expect(eventsUrl).toMatch(/\/v1\/channels\/slack\/[0-9a-f-]+\/[0-9a-f-]+\/events$/);
    // Masked after saving: the page never holds the secrets again.
    expect(await page.content()).not.toContain(TOKEN);
    expect(await page.content()).not.toContain(SECRET);
    await page.getByText('Stored: xoxb…abcd', { exact: false }).first().waitFor();
    await page.getByText('Workspace: Example').waitFor();
    // A setting changed, the secrets left empty: they are kept (the token still works for the test below).
    await page.getByLabel('Handoff channel').fill('CHANDOFF02');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await page.getByText('Saved; Slack accepted the credentials.').waitFor();

    await page.getByLabel('Slack channel or user id').fill('C0TEST');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByTestId('test-result').getByText('Posted: Slack accepted the message.').waitFor();
    expect(slack.posts.at(-1)).toMatchObject({ channel: 'C0TEST', token: TOKEN });
    slack.mode = 'invalid_auth';
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByTestId('test-result').getByText('Slack refused: Slack answered invalid_auth').waitFor();
    slack.mode = 'ok';

    // A signed mention arrives at the events URL; the log shows it answered, with its conversation.
    const path = new URL(eventsUrl).pathname;
    const body = JSON.stringify(appMention({ eventId: 'EvCONSOLE1', ts: '1515449522.000001', text: 'What does it cost?' }));
    const res = await h.t.app.inject({ method: 'POST', url: path, payload: body, headers: signedHeaders(SECRET, body) });
    expect(res.statusCode).toBe(200);
    await channelsOf(h.t.app.ctx).processor.pass();
    await h.t.app.inject({ method: 'POST', url: path, payload: body, headers: signedHeaders(SECRET, body, undefined, 1) });
    await page.getByRole('button', { name: 'Refresh events' }).click();
    const row = page.locator('ul.inbound-events li', { hasText: 'EvCONSOLE1' });
    await row.getByText('answered', { exact: true }).waitFor();
    await row.getByText(/delivered 2 times, answered once/).waitFor();
    await row.getByRole('link', { name: 'Open conversation' }).waitFor();
    await shot(page, 'platform-channel-desktop');
    expect(await layoutProblems(page)).toEqual([]);
    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('connects Mattermost: the bot token checked, the tokens masked, its own hints', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await openChannels(page);
    const form = page.getByRole('form', { name: 'Connect Mattermost' });
    await form.getByLabel('Connection name').fill('Support Mattermost');
    await form.getByLabel('Server URL').fill(mattermost.url);
    await form.getByLabel('Bot access token').fill(MM_TOKEN);
    await form.getByRole('button', { name: 'Connect Mattermost' }).click();
    await page.getByRole('heading', { name: 'Support Mattermost', level: 1 }).waitFor();
    expect(await page.getByTestId('events-url').innerText()).toMatch(/\/v1\/channels\/mattermost\/[0-9a-f-]+\/[0-9a-f-]+\/events$/);
    await page.getByText('Bot: @parley', { exact: false }).waitFor();
    await page.getByLabel('Outgoing webhook token').fill('consolewebhooktoken0123456');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await page.getByText('Saved; Mattermost accepted the credentials.').waitFor();
    expect(await page.content()).not.toContain(MM_TOKEN);
    await page.getByLabel('Mattermost channel id').fill('hawos4dqtby53pd64o4a4cmeoo');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByTestId('test-result').getByText('Posted: Mattermost accepted the message.').waitFor();
    expect(mattermost.posts.at(-1)).toMatchObject({ channel_id: 'hawos4dqtby53pd64o4a4cmeoo', token: MM_TOKEN });
    await context.close();
  }, 60_000);

  it('connects Zendesk: the API token checked and masked, a test note on a ticket, an answered ticket event', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await openChannels(page);
    const form = page.getByRole('form', { name: 'Connect Zendesk' });
    await form.getByLabel('Connection name').fill('Support desk');
    await form.getByLabel('Subdomain').fill('acme');
    await form.getByLabel('Agent email').fill('bot@example.com');
    await form.getByLabel('API token').fill(ZD_TOKEN);
    await form.getByLabel('Webhook signing secret').fill(ZD_SECRET);
    await form.getByLabel('API base URL').fill(zendesk.url);
    // Private mode is a checkbox, stored as the "on" the platform reads.
    await form.getByRole('checkbox', { name: 'Private mode' }).check();
    await form.getByRole('button', { name: 'Connect Zendesk' }).click();
    await page.getByRole('heading', { name: 'Support desk', level: 1 }).waitFor();
    const stored = async () =>
      (await h.t.app.inject({ method: 'GET', url: `/v1/projects/${h.t.demo.project_id}/platform-channels`, headers: { authorization: `Bearer ${h.t.demo.api_key}` } }))
        .json()
        .data.find((c: { name: string }) => c.name === 'Support desk').values;
    expect((await stored()).private_mode).toBe('on');
    expect(await page.getByRole('checkbox', { name: 'Private mode' }).isChecked()).toBe(true);
    const eventsUrl = await page.getByTestId('events-url').innerText();
    expect(eventsUrl).toMatch(/\/v1\/channels\/zendesk\/[0-9a-f-]+\/[0-9a-f-]+\/events$/);
    await page.getByText('Subdomain: acme', { exact: false }).waitFor();
    expect(await page.content()).not.toContain(ZD_TOKEN);
    await page.getByLabel('Zendesk ticket number (an internal note is added)').fill('35436');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByTestId('test-result').getByText('Posted: Zendesk accepted the message.').waitFor();
    expect(zendesk.updates.at(-1)).toMatchObject({ ticket: '35436', body: { comment: { public: false } } });
    const body = JSON.stringify(commentAdded({ eventId: 'cbe4028c-console-0001', ticketId: '35437', body: 'What does it cost?' }));
    expect((await h.t.app.inject({ method: 'POST', url: new URL(eventsUrl).pathname, payload: body, headers: zendeskHeaders(ZD_SECRET, body, new Date()) })).statusCode).toBe(200);
    await channelsOf(h.t.app.ctx).processor.pass();
    await page.getByRole('button', { name: 'Refresh events' }).click();
    await page.locator('ul.inbound-events li', { hasText: 'cbe4028c-console-0001' }).getByText('answered', { exact: true }).waitFor();
    // In private mode the answer is an internal note; unticked and saved, the setting is cleared.
    expect(zendesk.updates.at(-1)).toMatchObject({ ticket: '35437', body: { comment: { public: false } } });
    await page.getByRole('checkbox', { name: 'Private mode' }).uncheck();
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect.poll(async () => (await stored()).private_mode).toBeUndefined();
    await context.close();
  }, 60_000);

  itPassesAxeAndFits(h, 'channels-team-chat', async (page) => {
    await openChannels(page);
    await page.getByRole('region', { name: 'Channel types' }).waitFor();
  });

  itPassesAxeAndFits(h, 'platform-channel', async (page) => {
    // The Zendesk connection: its form has the Private mode checkbox as well as text fields.
    const list = (await h.t.app.inject({ method: 'GET', url: `/v1/projects/${h.t.demo.project_id}/platform-channels`, headers: { authorization: `Bearer ${h.t.demo.api_key}` } })).json().data;
    const c = list.find((x: { type: string }) => x.type === 'zendesk') ?? list[0];
    await openChannels(page);
    await page.getByRole('link', { name: c.name }).click();
    await page.getByRole('heading', { name: c.name, level: 1 }).waitFor();
    await page.locator('ul.inbound-events li').first().waitFor();
  });
});
