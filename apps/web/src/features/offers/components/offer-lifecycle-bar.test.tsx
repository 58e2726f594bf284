import { screen } from '@testing-library/react';
import type { Offer } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { OfferLifecycleBar } from './offer-lifecycle-bar.tsx';
import { makeOffer, OFFER_ID, OFFERS_PATH } from './offers.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BUTTONS = ['Approve', 'Unapprove', 'Reject', 'Publish', 'Unpublish', 'Hide', 'Show'];

function render(overrides: Partial<Offer>, canApprove = true, answer?: (path: string) => Response) {
  const offer = makeOffer(overrides);
  const fetchMock = mockFetch((path, init) => {
    if (answer) return answer(path);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    return jsonResponse({ data: { ...offer, ...body } });
  });
  const { user } = renderRoutes([{ path: '/', element: <OfferLifecycleBar tenantId={TENANT_ID} offer={offer} canApprove={canApprove} /> }]);
  return { user, fetchMock };
}
const enabled = () => BUTTONS.filter((name) => screen.queryByRole('button', { name })?.hasAttribute('disabled') === false);

describe('OfferLifecycleBar', () => {
  it.each([
    ['pending', false, 'hidden', ['Approve', 'Reject', 'Publish', 'Show']],
    ['approved', false, 'hidden', ['Unapprove', 'Reject', 'Publish', 'Show']],
    ['rejected', true, 'visible', ['Approve', 'Unapprove', 'Unpublish', 'Hide']],
  ] as const)('with approval %s, published %s and %s, enables only %j', async (approvalStatus, published, visibilityStatus, expected) => {
    render({
      approvalStatus,
      published,
      marketplaceConfig: { visibilityStatus, visibilityStatusUpdatedAt: null, visibilityStatusUpdatedBy: null },
    });
    await screen.findByRole('group', { name: 'Offer lifecycle' });
    expect(enabled()).toEqual(expected);
  });

  it('shows approval and visibility only to owners', async () => {
    render({}, false);
    await screen.findByRole('group', { name: 'Offer lifecycle' });
    expect(BUTTONS.filter((name) => screen.queryByRole('button', { name }) !== null)).toEqual(['Publish', 'Unpublish']);
  });

  it('approves and toasts', async () => {
    const { user, fetchMock } = render({ approvalStatus: 'pending' });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('approval updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${OFFERS_PATH}/${OFFER_ID}/approval`)).toEqual([{ approvalStatus: 'approved' }]);
  });

  it('shows the server\u2019s reason when publishing is refused', async () => {
    const message = 'Upload the required documents first: Wire Instructions';
    const { user } = render({ approvalStatus: 'approved' }, true, () =>
      jsonResponse({ error: { type: 'bad-request', name: 'BadRequestError', message, status: 400 } }, 400),
    );
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(`Cannot publish yet: ${message}`)).toBeInTheDocument();
    // The toast (§8) titles the failure with the error's name.
    expect(await screen.findByText(`BadRequestError: ${message}`)).toBeInTheDocument();
  });
});
