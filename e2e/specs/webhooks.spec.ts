import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  LEAD_TEXTS,
  READ_ONLY_SCOPES,
  WEBHOOK_HEADERS,
  WEBHOOK_TEXTS,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookEvent,
  type ApiKey,
  type WebhookEvent,
} from '@tessera/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, uniqueSlug, type JourneyTenant, type Person } from '../support/tenant.ts';

const { newPage } = useBrowser();

/** Screenshots to look at when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** What the journey's receiver got: each request's headers and its body exactly as it arrived. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver (the server under e2e allows private targets): records every request and answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/tessera`, received };
}

/** Verifies a delivery as the webhook guide tells receivers to: HMAC-SHA256 of `${t}.${body}` keyed with the secret. */
function signatureVerifies(delivery: Received, secret: string): boolean {
  const header = String(delivery.headers[WEBHOOK_HEADERS.signature] ?? '');
  const fields = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(fields.get('t'));
  const given = Buffer.from(fields.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let tenant: JourneyTenant;
let gp: Person;
let institutionId: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  tenant = await createJourneyTenant({ slugPrefix: 'hooks' });
  const slug = uniqueSlug('hooks-inst');
  const { data: institution } = await tenant.api<{ data: { _id: string } }>('POST', `/tenant/${tenant.tenantId}/institutions`, {
    token: tenant.owner.token,
    body: { name: `Webhook Capital ${slug}`, slug, type: 'fund', descriptionShort: 'An institution of the webhooks journey' },
  });
  institutionId = institution._id;
  // The institution's owner: an investor of the tenant whom the tenant owner puts on the team as its owner, in Raise mode.
  gp = await tenant.investor({ firstname: 'Hana', lastname: 'Hook' });
  await tenant.api('POST', `/tenant/${tenant.tenantId}/institutions/${institutionId}/team/invite`, {
    token: tenant.owner.token,
    body: { email: gp.email, firstname: 'Hana', lastname: 'Hook', role: 'owner' },
  });
  await tenant.api('PUT', `/user/${gp.userId}/tenant-member/mode`, {
    token: gp.token,
    body: { appMode: 'institution', institution: institutionId },
  });
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.server.close(resolve));
});

describe('webhooks and key scopes (issue #23)', () => {
  it("an institution owner registers a webhook, sees its secret once, creates a lead and sees the signed delivery 'Delivered', then replays it", async () => {
    const page = await newPage();
    await signInThroughUi(page, gp, '/institution/settings/api');
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No webhook endpoints yet').waitFor();
    await checkPage(page);

    // Add endpoint: the events are required; Lead created is chosen.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Journey receiver');
    await form.getByText('Choose at least one event').waitFor();
    expect(await form.getByRole('button', { name: 'Add endpoint' }).isDisabled()).toBe(true);
    await form.getByRole('checkbox', { name: /^Lead created/ }).check();
    await checkPage(page);
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The signing secret, shown once.
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await shown.getByText(WEBHOOK_TEXTS.secretShownOnce).waitFor();
    const secret = await shown.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy Signing secret' }).waitFor();
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    await expectToast(page, WEBHOOK_TEXTS.created);
    expect(await page.content()).not.toContain(secret);
    const endpoint = page.getByRole('listitem', { name: receiver.url });
    await endpoint.getByText('Lead created').waitFor();
    await shot(page, 'institution-api-tab');

    // A lead, made in the browser as a GP makes one.
    const lead = { email: uniqueEmail('hooked'), firstname: 'Wendy', lastname: `Hook${Date.now().toString(36)}` };
    await page.getByRole('navigation', { name: 'Institution' }).getByRole('link', { name: 'Lead list' }).click();
    await page.waitForURL((url) => url.pathname === '/institution/leads');
    await page.getByRole('button', { name: 'Create Lead' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create Lead' });
    await create.getByLabel('Email').fill(lead.email);
    await create.getByLabel('First name').fill(lead.firstname);
    await create.getByLabel('Last name').fill(lead.lastname);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, LEAD_TEXTS.created);
    await page.waitForURL((url) => /^\/institution\/leads\/[0-9a-f]{24}/.test(url.pathname));

    // Back in Settings → API, the endpoint's deliveries show it delivered, once Refresh brings it.
    await page.getByRole('navigation', { name: 'Institution' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'API' }).click();
    await page.waitForURL((url) => url.pathname === '/institution/settings/api');
    await page.getByRole('listitem', { name: receiver.url }).getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries' });
    const delivered = deliveries.getByRole('row').filter({ hasText: 'lead.created' }).filter({ hasText: 'Delivered' });
    await expect
      .poll(
        async () => {
          if ((await delivered.count()) > 0) return true;
          await deliveries.getByRole('button', { name: 'Refresh' }).click();
          return false;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await checkPage(page);
    await shot(page, 'webhook-deliveries');

    // The receiver got the event, signed with the secret shown once.
    const got = receiver.received.filter((r) => r.headers[WEBHOOK_HEADERS.event] === 'lead.created');
    expect(got).toHaveLength(1);
    const [first] = got as [Received];
    expect(first.method).toBe('POST');
    expect(signatureVerifies(first, secret)).toBe(true);
    expect(signatureVerifies(first, `${secret}x`)).toBe(false);
    const event: WebhookEvent = webhookEvent.parse(JSON.parse(first.body));
    expect(event).toMatchObject({ type: 'lead.created', tenant: tenant.tenantId, institution: institutionId });
    expect(JSON.stringify(event.data)).toContain(lead.email);

    // Its details: the payload sent and the receiver's answer; Replay sends the same event again.
    await delivered
      .first()
      .getByRole('button', { name: /^Details of lead\.created/ })
      .click();
    await deliveries.getByRole('heading', { name: 'Lead created' }).waitFor();
    await deliveries.getByText(event.id).first().waitFor();
    await deliveries
      .getByRole('list', { name: 'Attempts' })
      .getByText(/HTTP 200/)
      .waitFor();
    await checkPage(page);
    await shot(page, 'webhook-delivery');
    await deliveries.getByRole('button', { name: 'Replay' }).click();
    // The toast shows behind the open dialog, so outside its accessibility tree.
    await page.getByText(WEBHOOK_TEXTS.replayed).first().waitFor();
    await expect
      .poll(() => receiver.received.filter((r) => r.headers[WEBHOOK_HEADERS.event] === 'lead.created').length, { timeout: 20_000 })
      .toBe(2);
    const replay = receiver.received.filter((r) => r.headers[WEBHOOK_HEADERS.event] === 'lead.created')[1]!;
    expect(signatureVerifies(replay, secret)).toBe(true);
    expect(webhookEvent.parse(JSON.parse(replay.body)).id).toBe(event.id);
    expect(replay.headers[WEBHOOK_HEADERS.delivery]).not.toBe(first.headers[WEBHOOK_HEADERS.delivery]);
  });

  it('a tenant owner generates a read-only private key that expires, and sees its scopes, status and expiry', async () => {
    const label = `Reporting ${Date.now().toString(36)}`;
    const page = await newPage();
    await signInThroughUi(page, tenant.owner, '/tenant/settings/api');
    await page.getByRole('button', { name: 'Generate private key' }).click();
    const form = page.getByRole('dialog', { name: 'Generate private key' });
    await form.getByLabel('Label (optional)').fill(label);
    await form.getByRole('button', { name: 'Read-only' }).click();
    expect(await form.getByRole('checkbox', { name: 'Read leads' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Create and change leads' }).isChecked()).toBe(false);
    await form.getByRole('radio', { name: '30 days' }).check();
    await checkPage(page);
    await shot(page, 'generate-key-dialog');
    await form.getByRole('button', { name: 'Generate' }).click();

    const shown = page.getByRole('dialog', { name: 'Private API key generated' });
    const key = await shown.getByLabel('API key', { exact: true }).inputValue();
    expect(key).toMatch(/^tsk_live_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    await expectToast(page, 'API key generated');

    const row = page.getByRole('row').filter({ hasText: label });
    await row.getByText('Read-only', { exact: true }).waitFor();
    await row.getByText('Active').waitFor();
    expect(await row.getByText('Expired').count()).toBe(0);
    await checkPage(page);
    await shot(page, 'tenant-api-tab');

    const { data } = await tenant.api<{ data: ApiKey[] }>('GET', `/tenant/${tenant.tenantId}/api-keys`, { token: tenant.owner.token });
    const made = data.find((k) => k.label === label);
    expect(made?.scopes.toSorted()).toEqual(READ_ONLY_SCOPES.toSorted());
    const days = (new Date(made?.expiresAt ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('the API tab and the webhook guide read at 360 px in dark mode', async () => {
    const page = await newPage({ width: 360, height: 780, colorScheme: 'dark' });
    await signInThroughUi(page, gp, '/institution/settings/api');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByRole('button', { name: 'Generate private key' }).waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkPage(page);
    await shot(page, 'institution-api-tab-360-dark');

    await page.goto(tenant.url('/docs/webhooks'));
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    await page.getByRole('article', { name: 'lead.created' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkPage(page);
    await shot(page, 'docs-webhooks-360-dark');

    const wide = await newPage();
    await wide.goto(tenant.url('/docs/webhooks'));
    await wide.getByRole('article', { name: 'invoice.paid' }).waitFor();
    await checkPage(wide);
    await shot(wide, 'docs-webhooks');
  });
});
