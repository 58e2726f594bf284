import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { OfferCreateDialog } from './offer-create-dialog.tsx';
import { INSTITUTION_ID, makeInstitution, makeOffer, OFFERS_PATH } from './offers.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TAKEN = 'taken-offer';

function prepare({ institutionId = null as string | null, create = () => jsonResponse({ data: makeOffer() }) } = {}) {
  const fetchMock = mockFetch((path, init) => {
    if (path === `/api/v1/tenant/${TENANT_ID}/institutions`)
      return jsonResponse({ data: [makeInstitution()], meta: { page: 1, limit: 100, total: 1 } });
    if (path === `${OFFERS_PATH}/slug-available`) {
      const slug = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams.get('slug') ?? '';
      return jsonResponse({ data: { slug, available: slug !== TAKEN } });
    }
    if (path === OFFERS_PATH && init?.method === 'POST') return create();
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: `unexpected ${path}`, status: 404 } }, 404);
  });
  const onCreated = vi.fn();
  const onClose = vi.fn();
  const { user } = renderRoutes([
    {
      path: '/',
      element: (
        <OfferCreateDialog
          tenantId={TENANT_ID}
          open
          onClose={onClose}
          onCreated={onCreated}
          institutionId={institutionId}
          teamOnly={false}
        />
      ),
    },
  ]);
  return { user, fetchMock, onCreated, onClose };
}

const slugField = () => screen.getByRole('textbox', { name: /^Slug/ });
const nameField = () => screen.getByRole('textbox', { name: /^Name/ });

describe('OfferCreateDialog', () => {
  it('derives the slug from the name until the slug is edited by hand, and previews the addresses', async () => {
    const { user } = prepare();
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Harbor Lofts #2!');
    expect(slugField()).toHaveValue('harbor-lofts-2');
    expect(screen.getByText(/^Production: .*\/harbor-lofts-2$/)).toBeInTheDocument();
    expect(screen.getByText(/^Staging: .*\.staging\..*\/harbor-lofts-2$/)).toBeInTheDocument();

    await user.clear(slugField());
    await fill(user, slugField(), 'my-own-slug');
    await fill(user, nameField(), ' Tower');
    expect(nameField()).toHaveValue('Harbor Lofts #2! Tower');
    expect(slugField()).toHaveValue('my-own-slug');
  });

  it('keeps Create disabled until name, institution and slug are present, and while the slug is taken', async () => {
    const { user } = prepare();
    const create = await screen.findByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await fill(user, nameField(), 'Taken Offer');
    expect(slugField()).toHaveValue(TAKEN);
    expect(create).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: /^Institution/ }));
    await user.click(await screen.findByRole('option', { name: 'Northwind Capital' }));
    expect(await screen.findByText('This slug is already taken by another offer')).toBeInTheDocument();
    expect(create).toBeDisabled();
    await user.clear(slugField());
    expect(create).toBeDisabled();
    await fill(user, slugField(), 'free-offer');
    await vi.waitFor(() => expect(create).toBeEnabled());
    await user.clear(nameField());
    expect(create).toBeDisabled();
  });

  it('with the institution locked, creates the offer, toasts and hands back its id', async () => {
    const { user, fetchMock, onCreated } = prepare({ institutionId: INSTITUTION_ID });
    expect(await screen.findByRole('textbox', { name: /^Institution/ })).toBeDisabled();
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: /^Institution/ })).toHaveValue('Northwind Capital'));
    await fill(user, nameField(), 'Harbor Lofts');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Offer - Successfully created')).toBeInTheDocument();
    expect(sentBodies(fetchMock, OFFERS_PATH)).toEqual([{ name: 'Harbor Lofts', slug: 'harbor-lofts', institution: INSTITUTION_ID }]);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(makeOffer()._id));
  });

  it('toasts the server error name as the title with its message when creation fails', async () => {
    const { user, onCreated } = prepare({
      institutionId: INSTITUTION_ID,
      create: () =>
        jsonResponse(
          { error: { type: 'conflict', name: 'ConflictError', message: 'An offer with this slug already exists', status: 409 } },
          409,
        ),
    });
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Harbor Lofts');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('ConflictError: An offer with this slug already exists')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
