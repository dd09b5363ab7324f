// The console's Webhooks page in real Chromium at 1280x800 (docs/api.md "Webhooks"): add an endpoint
// (the secret shown once and copied), send a test event that a real receiver on 127.0.0.1 verifies
// with the standardwebhooks library, the delivery log and a replay with the same webhook-id, rotate
// the secret (both verify), disable with a reason and enable, change the event filter, delete. No
// CSP violation, no console error; axe-clean and nothing overflowing at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { watchPage } from './harness.js';
import { axeViolations } from './axe.js';
import { consoleHarness, itPassesAxeAndFits, layoutProblems, navTo, shot, signIn } from './console-harness.js';
import { startReceiver, type Receiver } from '../../server/domains/webhooks/receiver.fixture.js';

const h = consoleHarness();
let r: Receiver;
beforeAll(async () => {
  r = await startReceiver();
});
afterAll(() => r.close());

async function openWebhooks(page: Page) {
  await signIn(page, h);
  await navTo(page, 'Webhooks');
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((res) => setTimeout(res, 100));
  expect(check()).toBe(true);
};

describe('team console: webhooks', () => {
  it('adds an endpoint, tests, replays, rotates, disables and deletes it', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    const watch = await watchPage(page);
    await openWebhooks(page);
    // The login page's session check answers 401 before signing in: errors count from here on.
    errors.length = 0;

    await page.getByLabel('Endpoint URL').fill(r.url);
    await page.getByLabel('Description').fill('Order system');
    await page.getByRole('group', { name: 'Events to send' }).getByLabel('message.created').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByTestId('new-secret').innerText();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const row = page.locator('li.webhook-row', { hasText: r.url });
    await row.getByText('Events: message.created.').waitFor();

    await row.getByRole('button', { name: 'Send test event' }).click();
    await until(() => r.received.length === 1);
    expect(new Webhook(secret).verify(r.received[0].body, r.received[0].headers)).toMatchObject({ type: 'webhook.test' });

    await row.getByText('Delivery log', { exact: true }).click();
    await row.getByRole('button', { name: 'Refresh log' }).click();
    const delivery = row.locator('li.webhook-delivery', { hasText: 'webhook.test' });
    await delivery.getByText('delivered').waitFor();
    await delivery.getByText('HTTP 200').waitFor();
    await delivery.getByRole('button', { name: /^Replay webhook.test/ }).click();
    await until(() => r.received.length === 2);
    expect(r.received[1].headers['webhook-id']).toBe(r.received[0].headers['webhook-id']);

    await row.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await row.getByTestId('rotated-secret').innerText();
    expect(rotated).not.toBe(secret);
    await row.getByRole('button', { name: 'Send test event' }).click();
    await until(() => r.received.length === 3);
    for (const s of [secret, rotated]) expect(new Webhook(s).verify(r.received[2].body, r.received[2].headers)).toMatchObject({ type: 'webhook.test' });
    await shot(page, 'webhooks-open-desktop');

    await row.getByLabel('Reason for disabling (optional, for Order system)').fill('Maintenance window');
    await row.getByRole('button', { name: 'Disable', exact: true }).click();
    await row.getByText('Disabled: Maintenance window.').waitFor();
    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByRole('button', { name: 'Disable', exact: true }).waitFor();

    await row.getByText(/^Events \(/).click();
    await row.getByRole('group', { name: 'Events sent to Order system' }).getByLabel('conversation.resolved').check();
    await row.getByRole('button', { name: 'Save events' }).click();
    await row.getByText('Events: message.created, conversation.resolved.').waitFor();
    expect(await layoutProblems(page)).toEqual([]);

    await row.getByRole('button', { name: 'Delete Order system' }).click();
    await page.getByRole('dialog', { name: /^Delete the endpoint/ }).getByRole('button', { name: 'Delete endpoint' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  const showAll = async (page: Page) => {
    const { webhooks } = h.t.app.ctx.services;
    if ((await webhooks.endpoints.list(h.t.demo.project_id)).length === 0) {
      const e = await webhooks.endpoints.create(h.t.demo.project_id, { url: `${r.url}?fits`, description: 'Fits check' });
      await webhooks.deliveries.sendTest(h.t.demo.project_id, e.id);
      await webhooks.deliverDue();
    }
    await openWebhooks(page);
    const row = page.locator('li.webhook-row').first();
    await row.waitFor();
    for (const s of await row.locator('summary').all()) await s.click();
    await row.locator('li.webhook-delivery').first().waitFor();
    for (const s of await row.locator('li.webhook-delivery summary').all()) await s.click();
  };

  itPassesAxeAndFits(h, 'webhooks', showAll);

  it('axe finds no violations at 1280x800 with everything open', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await showAll(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await context.close();
  }, 40_000);
});
