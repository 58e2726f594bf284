import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { LegalEntityDetailsTab } from './details-tab.tsx';
import { LegalEntityProfilePage } from './legal-entity-profile-page.tsx';
import { ENTITY_ID, makeEntity } from './legal-entity-profiles.test-helpers.ts';

afterEach(() => vi.unstubAllGlobals());

const OTHER = makeEntity({ _id: 'e2e2e2e2e2e2e2e2e2e2e2e2', name: 'Parent Trust', legalEntityType: 'irrevocable-trust' });

function setup(put: (body: unknown) => Response) {
  const entity = makeEntity({ countryOfOrganization: 'US', stateOfOrganization: 'DE' });
  const fetchMock = mockFetch((path, init) => {
    if (init?.method === 'PUT') return put(JSON.parse(String(init.body)));
    if (path === `/api/v1/legal-entity-profile/${ENTITY_ID}`) return jsonResponse({ data: entity });
    return jsonResponse({ data: [entity, OTHER], meta: { page: 1, limit: 100, total: 2 } });
  });
  const rendered = renderRoutes(
    [
      {
        path: '/user/:product/legal-entity-profiles/:legalEntityProfileId',
        element: <LegalEntityProfilePage />,
        children: [{ path: 'details', element: <LegalEntityDetailsTab /> }],
      },
    ],
    { initialEntries: [`/user/passport/legal-entity-profiles/${ENTITY_ID}/details`] },
  );
  return { ...rendered, fetchMock, entity };
}

describe('Details tab', () => {
  it('saves the details with "Profile details updated", offering the other entities as parents and US states', async () => {
    let sent: unknown;
    const { user, entity } = setup((body) => {
      sent = body;
      return jsonResponse({ data: { ...entity, name: 'Orbit Group', parentLegalEntity: OTHER._id } });
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'State of organization' })).toHaveTextContent('Delaware');

    await user.click(screen.getByRole('combobox', { name: 'Parent entity' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Parent Trust']);
    await user.click(screen.getByRole('option', { name: 'Parent Trust' }));
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await fill(user, name, 'Orbit Group');
    await user.click(save);
    expect(await screen.findByText('Profile details updated')).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: 'Orbit Group',
      parentLegalEntity: OTHER._id,
      displayname: null,
      website: null,
      countryOfOrganization: 'US',
      stateOfOrganization: 'DE',
    });
  }, 20_000);

  it('toasts "Error updating details" when the save fails and keeps the edit', async () => {
    const { user } = setup(() =>
      jsonResponse({ error: { type: 'validation', name: 'ValidationError', message: 'nope', status: 400 } }, 400),
    );
    const website = await screen.findByLabelText('Website');
    await fill(user, website, 'https://orbit.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating details')).toBeInTheDocument();
    expect(website).toHaveValue('https://orbit.example');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('refuses a website without its scheme before sending', async () => {
    const put = vi.fn(() => jsonResponse({}));
    const { user } = setup(put);
    await fill(user, await screen.findByLabelText('Website'), 'orbit.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a full web address starting with http:// or https://')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    expect(within(document.body).queryByText('Profile details updated')).not.toBeInTheDocument();
  });
});
