import { screen, within } from '@testing-library/react';
import { EMPTY_CONTACT, type Institution } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { InstitutionContactTab } from './institution-contact-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const PATH = `/api/v1/tenant/${TENANT_ID}/institutions/${ID}`;
const saved: Institution = {
  _id: ID,
  name: 'Harbor Fund',
  slug: null,
  type: 'fund',
  description: null,
  descriptionShort: 'Loans',
  customMetrics: [],
  images: [],
  videos: [],
  contact: EMPTY_CONTACT,
  logoUrl: null,
  offersCount: 0,
  isTeamMember: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The server's copy: a saved contact is what the refetch after the save reads. */
function prepare(put: (body: { contact: Institution['contact'] }) => Response) {
  let current = saved;
  const fetchMock = mockFetch(async (path, init) => {
    if (path === PATH) return jsonResponse({ data: current });
    if (path === `${PATH}/contact` && init?.method === 'PUT') {
      const res = put(JSON.parse(String(init.body)) as { contact: Institution['contact'] });
      if (res.ok) current = ((await res.clone().json()) as { data: Institution }).data;
      return res;
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const { user } = renderRoutes(
    [{ path: '/tenant/marketplace/institutions/:tenantInstitutionId/contact', element: <InstitutionContactTab /> }],
    { initialEntries: [`/tenant/marketplace/institutions/${ID}/contact`] },
  );
  return { user, fetchMock };
}

async function addEmail(user: ReturnType<typeof prepare>['user'], email: string) {
  await user.click(await screen.findByRole('button', { name: 'Create' }));
  await user.click(screen.getByRole('menuitem', { name: 'Email' }));
  const dialog = await screen.findByRole('dialog', { name: 'New email' });
  await fill(user, within(dialog).getByLabelText(/Email/), email);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('InstitutionContactTab', () => {
  it("saves the whole contact with PUT …/contact and toasts 'contact updated' (§8)", async () => {
    const { user, fetchMock } = prepare((body) => jsonResponse({ data: { ...saved, contact: body.contact } }));
    expect(await screen.findByText('No contact items found')).toBeInTheDocument();
    await addEmail(user, 'ir@harbor.example');
    expect(await screen.findByText('contact updated')).toBeInTheDocument();
    const [body] = sentBodies(fetchMock, `${PATH}/contact`) as { contact: Institution['contact'] }[];
    expect(body!.contact.emails).toEqual([expect.objectContaining({ email: 'ir@harbor.example' })]);
    expect(await screen.findByRole('region', { name: 'Emails' })).toBeInTheDocument();
  });

  it("shows the server's message when the save fails", async () => {
    const { user } = prepare(() =>
      jsonResponse(
        {
          error: {
            type: 'forbidden',
            name: 'ForbiddenError',
            message: 'Viewers of an institution can look but not change it',
            status: 403,
          },
        },
        403,
      ),
    );
    await addEmail(user, 'ir@harbor.example');
    expect(await screen.findByText('Viewers of an institution can look but not change it')).toBeInTheDocument();
    expect(screen.queryByText('contact updated')).not.toBeInTheDocument();
  });
});
