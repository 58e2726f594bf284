import { screen, within } from '@testing-library/react';
import { legalEntityType } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { LegalEntityProfilesPage } from './legal-entity-profiles-page.tsx';
import { makeEntity } from './legal-entity-profiles.test-helpers.ts';

afterEach(() => vi.unstubAllGlobals());

const listResponse = () => jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });

function renderList() {
  return renderRoutes(
    [
      { path: '/user/:product/legal-entity-profiles', element: <LegalEntityProfilesPage /> },
      { path: '/user/:product/legal-entity-profiles/:id/details', element: <p>Details page</p> },
    ],
    { initialEntries: ['/user/passport/legal-entity-profiles?modal=create'] },
  );
}

describe('CreateLegalEntityDialog', () => {
  it('enables Create only with a name, a type from the full list and the accepted terms', async () => {
    mockFetch(() => listResponse());
    const { user } = renderList();
    const dialog = await screen.findByRole('dialog', { name: 'New Legal Entity' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();

    await fill(user, within(dialog).getByLabelText(/Name/), 'Orbit Holdings');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    expect(create).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: /Legal entity type/ }));
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(legalEntityType.options.length);
    expect(options).toHaveLength(27);
    expect(options[0]).toHaveTextContent('Sole Proprietorship');
    expect(options.at(-1)).toHaveTextContent('Other');
    await user.click(screen.getByRole('option', { name: 'Limited Liability Company (LLC)' }));
    expect(create).toBeEnabled();

    await user.click(within(dialog).getByRole('checkbox'));
    expect(create).toBeDisabled();
  }, 20_000);

  it('creates, toasts "Profile created successfully" and opens the details', async () => {
    const fetchMock = mockFetch((path, init) => (init?.method === 'POST' ? jsonResponse({ data: makeEntity() }) : listResponse()));
    const { user, router } = renderList();
    const dialog = await screen.findByRole('dialog', { name: 'New Legal Entity' });
    await fill(user, within(dialog).getByLabelText(/Name/), 'Orbit Holdings');
    await user.click(within(dialog).getByRole('combobox', { name: /Legal entity type/ }));
    await user.click(screen.getByRole('option', { name: 'Irrevocable Trust' }));
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Profile created successfully')).toBeInTheDocument();
    expect(await screen.findByText('Details page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/user/passport/legal-entity-profiles/${makeEntity()._id}/details`);
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST' && String(init.body).includes('acceptDisclosures'));
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { name: 'Orbit Holdings', legalEntityType: 'irrevocable-trust', acceptDisclosures: true },
    ]);
  });

  it('toasts the server message when creation fails', async () => {
    mockFetch((path, init) =>
      init?.method === 'POST'
        ? jsonResponse(
            {
              error: {
                type: 'validation',
                name: 'ValidationError',
                message: 'parentLegalEntity: Choose one of your own legal entities as the parent',
                status: 400,
              },
            },
            400,
          )
        : listResponse(),
    );
    const { user } = renderList();
    const dialog = await screen.findByRole('dialog', { name: 'New Legal Entity' });
    await fill(user, within(dialog).getByLabelText(/Name/), 'Orbit');
    await user.click(within(dialog).getByRole('combobox', { name: /Legal entity type/ }));
    await user.click(screen.getByRole('option', { name: 'Other' }));
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('parentLegalEntity: Choose one of your own legal entities as the parent')).toBeInTheDocument();
  });
});
