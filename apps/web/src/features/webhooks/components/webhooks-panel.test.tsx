import { screen, waitFor, within } from '@testing-library/react';
import { blockingViolations } from '../../../test/axe.ts';
import {
  ACCOUNT_SECURITY_TEXTS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEXTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerStepUpHandler } from '../../../lib/api-client.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { NO_ENDPOINTS, WebhooksPanel } from './webhooks-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const INSTITUTION = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const BASE = `/api/v1/tenant/${TENANT_ID}/institutions/${INSTITUTION}/webhooks`;
const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const ENDPOINT: WebhookEndpoint = {
  _id: 'e1e1e1e1e1e1e1e1e1e1e1e1',
  institution: INSTITUTION,
  url: 'https://crm.example.com/hooks/tessera',
  description: 'CRM sync',
  events: ['lead.created'],
  enabled: true,
  secretPrefix: 'whsec_0123',
  createdBy: USER_ID,
  createdAt: '2026-11-27T09:30:00.000Z',
  updatedAt: '2026-11-27T09:30:00.000Z',
  lastDelivery: null,
};
const DELIVERY: WebhookDelivery = {
  _id: 'f1f1f1f1f1f1f1f1f1f1f1f1',
  endpoint: ENDPOINT._id,
  eventId: 'evt_3f9a1c0d7e5b4a2f8c6d1e0b',
  eventType: 'lead.created',
  status: 'succeeded',
  attempts: [
    { at: '2026-11-27T09:30:01.000Z', responseStatus: 500, responseBody: 'boom', durationMs: 40, error: null },
    { at: '2026-11-27T09:31:01.000Z', responseStatus: 200, responseBody: 'ok', durationMs: 84, error: null },
  ],
  nextAttemptAt: null,
  replayOf: null,
  payload: {
    id: 'evt_3f9a1c0d7e5b4a2f8c6d1e0b',
    type: 'lead.created',
    createdAt: '2026-11-27T09:30:00.000Z',
    tenant: TENANT_ID,
    institution: INSTITUTION,
    data: WEBHOOK_EVENTS['lead.created'].sample,
  },
  createdAt: '2026-11-27T09:30:00.000Z',
};
const error = (status: number, message: string) =>
  jsonResponse({ error: { type: status === 400 ? 'bad-request' : 'not-found', name: 'Error', message, status } }, status);

function setup({ endpoints = [] as WebhookEndpoint[], deliveries = [] as WebhookDelivery[], refuseUrl = false } = {}) {
  let list = endpoints;
  let listed = deliveries;
  const fetchMock = mockFetch((path, init, url) => {
    const method = init?.method ?? 'GET';
    if (path === BASE && method === 'POST') {
      if (refuseUrl) return error(400, WEBHOOK_TEXTS.privateTargetRefused);
      const created: WebhookEndpointWithSecret = { ...ENDPOINT, secret: SECRET };
      list = [ENDPOINT];
      return jsonResponse({ data: created }, 201);
    }
    if (path === BASE) return jsonResponse({ data: list });
    const one = `${BASE}/${ENDPOINT._id}`;
    if (path === one && method === 'PUT') {
      list = [{ ...ENDPOINT, ...(JSON.parse(String(init?.body)) as Partial<WebhookEndpoint>) }];
      return jsonResponse({ data: list[0] });
    }
    if (path === one && method === 'DELETE') {
      list = [];
      return new Response(null, { status: 204 });
    }
    if (path === `${one}/rotate-secret`)
      return jsonResponse({ data: { ...ENDPOINT, secretPrefix: 'whsec_9999', secret: 'whsec_rotated_secret' } });
    if (path === `${one}/test`)
      return jsonResponse({ data: { ...DELIVERY, eventType: 'webhook.test', status: 'pending', attempts: [] } }, 202);
    if (path === `${one}/deliveries`) {
      const page = Number(url.searchParams.get('page'));
      return jsonResponse({ data: listed, meta: { page, limit: Number(url.searchParams.get('limit')), total: listed.length } });
    }
    if (path === `${one}/deliveries/${DELIVERY._id}`) return jsonResponse({ data: DELIVERY });
    if (path === `${one}/deliveries/${DELIVERY._id}/replay`) {
      const replayed = { ...DELIVERY, _id: 'f2f2f2f2f2f2f2f2f2f2f2f2', status: 'pending' as const, attempts: [], replayOf: DELIVERY._id };
      listed = [replayed, ...listed];
      return jsonResponse({ data: replayed }, 202);
    }
    return error(404, 'Not found');
  });
  const view = renderRoutes([
    { path: '/', element: <WebhooksPanel owner={{ tenantId: TENANT_ID, institutionId: INSTITUTION }} intro="Webhooks intro" /> },
  ]);
  return { ...view, fetchMock };
}

describe('WebhooksPanel', () => {
  it('adds an endpoint for the events chosen (at least one) and shows its signing secret once', async () => {
    const { user, fetchMock } = setup();
    expect(await screen.findByText(NO_ENDPOINTS)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await fill(user, within(form).getByLabelText(/^URL/), 'https://crm.example.com/hooks/tessera');
    await fill(user, within(form).getByLabelText('Description'), 'CRM sync');
    // No event chosen yet: the dialog says so and cannot be sent.
    expect(within(form).getByText('Choose at least one event')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add endpoint' })).toBeDisabled();
    // Every event that reaches an institution, with what it means; not the test event (sent on demand), nor the
    // organization's own events.
    for (const type of ['lead.created', 'workflow.completed', 'offer.published', 'invoice.paid'] as const)
      expect(within(form).getByText(WEBHOOK_EVENTS[type].description)).toBeInTheDocument();
    for (const type of ['webhook.test', 'application.status_changed'] as const)
      expect(within(form).queryByText(WEBHOOK_EVENTS[type].description)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: /^Lead created/ }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(within(shown).getByText(WEBHOOK_TEXTS.secretShownOnce)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy Signing secret' })).toBeInTheDocument();
    expect(await screen.findByText(WEBHOOK_TEXTS.created)).toBeInTheDocument();
    expect(sentBodies(fetchMock, BASE)).toEqual([
      { url: 'https://crm.example.com/hooks/tessera', description: 'CRM sync', events: ['lead.created'], enabled: true },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const item = await screen.findByRole('listitem', { name: ENDPOINT.url });
    expect(within(item).getByText('Lead created')).toBeInTheDocument();
    expect(within(item).getByText('none yet')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("offers the organization's own endpoints its own events too, through the tenant's path", async () => {
    const fetchMock = mockFetch((path) =>
      path === `/api/v1/tenant/${TENANT_ID}/webhooks` ? jsonResponse({ data: [] }) : error(404, 'Not found'),
    );
    const { user } = renderRoutes([{ path: '/', element: <WebhooksPanel owner={{ tenantId: TENANT_ID }} intro="Tenant webhooks" /> }]);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add endpoint' });
    expect(within(form).getByRole('checkbox', { name: /^Application status changed/ })).toBeInTheDocument();
    expect(within(form).getAllByRole('checkbox')).toHaveLength(5);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/institutions/'))).toBe(false);
  });

  it("adds the endpoint once the person confirmed it is them, when the server asks (the app's one step-up path)", async () => {
    let steppedUp = false;
    const asked = vi.fn(() => {
      steppedUp = true;
      return Promise.resolve(true);
    });
    const unregister = registerStepUpHandler(asked);
    const fetchMock = mockFetch((path, init) => {
      if (path === BASE && init?.method === 'POST')
        return steppedUp
          ? jsonResponse({ data: { ...ENDPOINT, secret: SECRET } }, 201)
          : jsonResponse(
              { error: { type: 'forbidden', name: 'ForbiddenError', message: ACCOUNT_SECURITY_TEXTS.stepUpRequired, status: 403 } },
              403,
            );
      if (path === BASE) return jsonResponse({ data: [] });
      return error(404, 'Not found');
    });
    try {
      const { user } = renderRoutes([
        { path: '/', element: <WebhooksPanel owner={{ tenantId: TENANT_ID, institutionId: INSTITUTION }} intro="x" /> },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
      const form = await screen.findByRole('dialog', { name: 'Add endpoint' });
      await fill(user, within(form).getByLabelText(/^URL/), ENDPOINT.url);
      await user.click(within(form).getByRole('checkbox', { name: /^Lead created/ }));
      await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
      const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
      expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
      expect(asked).toHaveBeenCalledTimes(1);
      expect(sentBodies(fetchMock, BASE)).toHaveLength(2);
    } finally {
      unregister();
    }
  });

  it("shows the server's refusal of a private-network address on the URL field", async () => {
    const { user } = setup({ refuseUrl: true });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const url = within(form).getByLabelText(/^URL/);
    await fill(user, url, 'http://127.0.0.1:9000/hook');
    await user.click(within(form).getByRole('checkbox', { name: /^Lead created/ }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(WEBHOOK_TEXTS.privateTargetRefused)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('edits, disables, tests, rotates the secret of and deletes an endpoint, confirming the risky ones', async () => {
    const { user, fetchMock } = setup({ endpoints: [ENDPOINT] });
    const item = await screen.findByRole('listitem', { name: ENDPOINT.url });

    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(form).getByLabelText(/^URL/)).toHaveValue(ENDPOINT.url);
    await user.click(within(form).getByRole('checkbox', { name: /^Offer published/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.updated)).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${BASE}/${ENDPOINT._id}`)).toEqual([
      { url: ENDPOINT.url, description: 'CRM sync', events: ['lead.created', 'offer.published'], enabled: true },
    ]);

    await user.click(within(await screen.findByRole('listitem', { name: ENDPOINT.url })).getByLabelText('Enabled'));
    await waitFor(() => expect(sentBodies(fetchMock, `${BASE}/${ENDPOINT._id}`).at(-1)).toEqual({ enabled: false }));

    await user.click(within(screen.getByRole('listitem', { name: ENDPOINT.url })).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.testSent)).toBeInTheDocument();

    await user.click(within(screen.getByRole('listitem', { name: ENDPOINT.url })).getByRole('button', { name: 'Rotate secret' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Rotate signing secret' })).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue('whsec_rotated_secret');
    expect(await screen.findByText(WEBHOOK_TEXTS.secretRotated)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('listitem', { name: ENDPOINT.url })).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete webhook endpoint' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(WEBHOOK_TEXTS.deleted)).toBeInTheDocument();
    expect(await screen.findByText(NO_ENDPOINTS)).toBeInTheDocument();
  });

  it("lists an endpoint's deliveries by page, opens one with its payload and attempts, and replays it", async () => {
    const { user, fetchMock } = setup({
      endpoints: [{ ...ENDPOINT, lastDelivery: { status: 'succeeded', at: DELIVERY.createdAt, responseStatus: 200 } }],
      deliveries: [DELIVERY],
    });
    const item = await screen.findByRole('listitem', { name: ENDPOINT.url });
    expect(within(item).getByText('Delivered')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const row = (await within(dialog).findByText('lead.created')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Delivered')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('200')).toBeInTheDocument();
    const listed = fetchMock.mock.calls.map(([input]) => String(input)).find((u) => u.includes('/deliveries?'));
    expect(listed).toMatch(/page=1&limit=\d+/);

    await user.click(within(row).getByRole('button', { name: /^Details of lead\.created/ }));
    expect(await within(dialog).findByRole('heading', { name: 'Lead created' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('webhook-payload').textContent).toBe(JSON.stringify(DELIVERY.payload, null, 2));
    const attempts = within(dialog).getByRole('list', { name: 'Attempts' });
    expect(within(attempts).getByText(/HTTP 500 · 40 ms/)).toBeInTheDocument();
    expect(within(attempts).getByText(/HTTP 200 · 84 ms/)).toBeInTheDocument();
    expect(within(attempts).getByText('boom')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));

    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.replayed)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([input, init]) => String(input).endsWith(`/deliveries/${DELIVERY._id}/replay`) && init?.method === 'POST'),
    ).toBe(true);
    // Back on the list, the replay is there, waiting to be sent.
    expect(await within(dialog).findByText('Pending')).toBeInTheDocument();
  });

  it('filters the deliveries by status and event on the server, from the first page', async () => {
    const { user, fetchMock } = setup({ endpoints: [ENDPOINT], deliveries: [DELIVERY] });
    await user.click(within(await screen.findByRole('listitem', { name: ENDPOINT.url })).getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    await within(dialog).findByText('lead.created');
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Lead created' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map(([input]) => String(input))
          .some((u) => /deliveries\?page=1&limit=\d+&status=failed&eventType=lead\.created/.test(u)),
      ).toBe(true),
    );
  });

  it('says when an endpoint has no deliveries yet', async () => {
    const { user } = setup({ endpoints: [ENDPOINT] });
    await user.click(within(await screen.findByRole('listitem', { name: ENDPOINT.url })).getByRole('button', { name: 'Deliveries' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Deliveries' })).findByText('No deliveries yet')).toBeInTheDocument();
  });
});

describe('Webhooks accessibility (axe)', () => {
  it('has no serious violations on the list and in the Add endpoint dialog', async () => {
    const { user } = setup({
      endpoints: [{ ...ENDPOINT, lastDelivery: { status: 'failed', at: DELIVERY.createdAt, responseStatus: 500 } }],
    });
    await screen.findByRole('listitem', { name: ENDPOINT.url });
    expect(await blockingViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await screen.findByRole('dialog', { name: 'Add endpoint' });
    expect(await blockingViolations()).toEqual([]);
  });

  it('has no serious violations in a delivery', async () => {
    const { user } = setup({ endpoints: [ENDPOINT], deliveries: [DELIVERY] });
    await user.click(within(await screen.findByRole('listitem', { name: ENDPOINT.url })).getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    await user.click(await within(dialog).findByRole('button', { name: /^Details of lead\.created/ }));
    await within(dialog).findByRole('heading', { name: 'Lead created' });
    expect(await blockingViolations()).toEqual([]);
  });
});
