import { screen, within } from '@testing-library/react';
import { blockingViolations } from '../../../test/axe.ts';
import { apiKeyScope, apiKeyScopeLabels, WEBHOOK_EVENTS, WEBHOOK_HEADERS, webhookEvent, webhookEventType } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocsApiKeys } from './docs-api-keys.tsx';
import { DocsLayout } from './docs-page.tsx';
import { DocsWebhooks, inWords } from './docs-webhooks.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(path: string) {
  mockFetch(() => jsonResponse({}, 404));
  return renderRoutes(
    [
      {
        path: '/docs',
        element: <DocsLayout />,
        children: [
          { path: 'webhooks', element: <DocsWebhooks /> },
          { path: 'api-keys', element: <DocsApiKeys /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
}

describe('/docs/webhooks', () => {
  it('documents every event type with its description, audience and a sample delivery body', async () => {
    open('/docs/webhooks');
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
    for (const type of webhookEventType.options) {
      const article = screen.getByRole('article', { name: type });
      expect(within(article).getByText(WEBHOOK_EVENTS[type].label)).toBeInTheDocument();
      expect(within(article).getByText(WEBHOOK_EVENTS[type].description)).toBeInTheDocument();
      expect(within(article).getByText(/^Sent to: /)).toBeInTheDocument();
      const sample = JSON.parse(within(article).getByTestId(`webhook-sample-${type}`).textContent ?? '') as unknown;
      // A whole delivery body, valid against the schema the server sends.
      expect(webhookEvent.parse(sample)).toMatchObject({ type, data: WEBHOOK_EVENTS[type].sample });
    }
  });

  it('shows how to verify a signature in Node, Python and with openssl, and says how retries, replays and targets work', async () => {
    open('/docs/webhooks');
    const node = (await screen.findByTestId('verify-node')).textContent ?? '';
    expect(node).toContain("import { createHmac, timingSafeEqual } from 'node:crypto'");
    expect(node).toContain('timingSafeEqual(given, expected)');
    expect(node).toContain('TOLERANCE_SECONDS = 300');
    const python = screen.getByTestId('verify-python').textContent ?? '';
    expect(python).toContain('hmac.compare_digest(expected');
    const openssl = screen.getByTestId('verify-openssl').textContent ?? '';
    expect(openssl).toContain('openssl dgst -sha256 -hmac "$SECRET"');
    expect(screen.getByTestId('send-signed-curl').textContent).toContain(`${WEBHOOK_HEADERS.signature}: t=$T,v1=$V1`);
    for (const header of Object.values(WEBHOOK_HEADERS))
      expect(within(screen.getByRole('table', { name: 'Delivery headers' })).getByText(header)).toBeInTheDocument();
    expect(
      screen.getByText(/waiting 1 minute, then 5 minutes, then 30 minutes, then 2 hours, then 6 hours, then 12 hours/),
    ).toBeInTheDocument();
    expect(screen.getByText(/make your receiver idempotent/)).toBeInTheDocument();
    expect(screen.getByText(/only to public addresses/)).toBeInTheDocument();
  });

  it('has no serious accessibility violations', async () => {
    open('/docs/webhooks');
    await screen.findByRole('heading', { name: 'Webhooks', level: 2 });
    expect(await blockingViolations()).toEqual([]);
  });

  it('says durations in words', () => {
    expect([60, 300, 1_800, 7_200, 43_200, 90].map(inWords)).toEqual([
      '1 minute',
      '5 minutes',
      '30 minutes',
      '2 hours',
      '12 hours',
      '90 seconds',
    ]);
  });
});

describe('/docs/api-keys', () => {
  it('lists every scope with what it allows, and explains kinds, expiry and the x-api-key header', async () => {
    open('/docs/api-keys');
    const table = await screen.findByRole('table', { name: 'API key scopes' });
    for (const scope of apiKeyScope.options) {
      const row = within(table).getByText(scope).closest('tr') as HTMLElement;
      expect(within(row).getByText(apiKeyScopeLabels[scope])).toBeInTheDocument();
    }
    expect(screen.getByText(/A key can stop working by itself after 30, 90/)).toBeInTheDocument();
    expect(screen.getByTestId('api-key-curl').textContent).toContain("-H 'x-api-key: tpk_live_…'");
    expect(screen.getByText(/can only read the organization's public marketplace/)).toBeInTheDocument();
  });
});
