import { screen, waitFor, within } from '@testing-library/react';
import { EMPTY_CONTACT, type IndividualProfile } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { IndividualProfilePage } from './individual-profile-page.tsx';
import { IndividualProfilesPage } from './individual-profiles-page.tsx';
import { ProfileDetailsTab } from './profile-details-tab.tsx';

const ID = 'c0ffee00c0ffee00c0ffee00';

function makeProfile(overrides: Partial<IndividualProfile> = {}): IndividualProfile {
  return {
    _id: ID,
    user: USER_ID,
    firstname: 'Ada',
    lastname: 'Lovelace',
    middlename: '',
    birthDate: null,
    birthPlace: 'US',
    gender: 'male',
    citizenship: 'US',
    occupation: 'Mathematician',
    crd: null,
    ssn: null,
    tin: null,
    ein: null,
    image: null,
    contact: EMPTY_CONTACT,
    govPhotoIds: [],
    financialAccounts: [],
    revealed: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

/** The JSON bodies written (not read) to one API path. */
function writes(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method && init.method !== 'GET')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

const listRoutes = [
  { path: '/user/passport/individual-profiles', element: <IndividualProfilesPage /> },
  { path: '/user/passport/individual-profiles/:individualProfileId/details', element: <p>Details of the new profile</p> },
];

// The details form renders two 250-country selects: slow in jsdom on a busy machine.
describe('create profile modal', { timeout: 20_000 }, () => {
  it('opens at ?modal=create and is disabled unless first name, last name and the terms are set', async () => {
    mockFetch(() => jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } }));
    const { user } = renderRoutes(listRoutes, { initialEntries: ['/user/passport/individual-profiles?modal=create'] });
    const dialog = await screen.findByRole('dialog', { name: 'New Profile' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await fill(user, within(dialog).getByLabelText(/First name/), 'Ada');
    await fill(user, within(dialog).getByLabelText(/Last name/), 'Lovelace');
    expect(create).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    expect(create).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    expect(create).toBeDisabled();
  });

  it("'New Profile' opens it; success toasts 'Profile created successfully' and goes to the new profile", async () => {
    const fetchMock = mockFetch((path, init) =>
      init?.method === 'POST' ? jsonResponse({ data: makeProfile() }) : jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } }),
    );
    const { user, router } = renderRoutes(listRoutes, { initialEntries: ['/user/passport/individual-profiles'] });
    await user.click(await screen.findByRole('button', { name: 'New Profile' }));
    expect(router.state.location.search).toBe('?modal=create');
    const dialog = await screen.findByRole('dialog', { name: 'New Profile' });
    await fill(user, within(dialog).getByLabelText(/First name/), 'Ada');
    await fill(user, within(dialog).getByLabelText(/Last name/), 'Lovelace');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Profile created successfully')).toBeInTheDocument();
    expect(await screen.findByText('Details of the new profile')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/user/passport/individual-profiles/${ID}/details`);
    expect(writes(fetchMock, '/api/v1/individual-profile')).toEqual([{ firstname: 'Ada', lastname: 'Lovelace', acceptDisclosures: true }]);
  });

  it('toasts the server message when creation fails', async () => {
    mockFetch((_path, init) =>
      init?.method === 'POST'
        ? jsonResponse({ error: { type: 'validation', name: 'ValidationError', message: 'Last name is required', status: 400 } }, 400)
        : jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } }),
    );
    const { user } = renderRoutes(listRoutes, { initialEntries: ['/user/passport/individual-profiles?modal=create'] });
    const dialog = await screen.findByRole('dialog', { name: 'New Profile' });
    await fill(user, within(dialog).getByLabelText(/First name/), 'Ada');
    await fill(user, within(dialog).getByLabelText(/Last name/), 'L');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Profile' })).toBeInTheDocument();
  });
});

const profileRoutes = [
  {
    path: '/user/passport/individual-profiles/:individualProfileId',
    element: <IndividualProfilePage />,
    children: [{ path: 'details', element: <ProfileDetailsTab /> }],
  },
];

describe('profile details', { timeout: 20_000 }, () => {
  it('shows the header and the defaults, saves masked values with empty optional values as null', async () => {
    let stored = makeProfile({ ssn: '***-**-6789' });
    const fetchMock = mockFetch((_path, init) => {
      if (init?.method === 'PUT') {
        stored = makeProfile({ ssn: '***-**-6789', tin: '***-**-4321', crd: '0123456789', occupation: null });
        return jsonResponse({ data: stored });
      }
      return jsonResponse({ data: stored });
    });
    const { user } = renderRoutes(profileRoutes, { initialEntries: [`/user/passport/individual-profiles/${ID}/details`] });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Profiles' })).toHaveAttribute('href', '/user/passport/individual-profiles');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Birth place' })).toHaveTextContent('United States of America');
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveTextContent('Male');
    expect(screen.getByText('On file: ***-**-6789')).toBeInTheDocument();

    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await fill(user, screen.getByLabelText('TIN'), '987654321');
    expect(screen.getByLabelText('TIN')).toHaveValue('987-65-4321');
    expect(screen.getByLabelText('TIN')).toHaveAttribute('type', 'password');
    await fill(user, screen.getByLabelText('CRD'), '0123456789xyz99');
    expect(screen.getByLabelText('CRD')).toHaveValue('0123456789');
    await user.clear(screen.getByLabelText('Occupation'));
    await user.click(save);

    expect(await screen.findByText('Profile details updated')).toBeInTheDocument();
    const [body] = writes(fetchMock, `/api/v1/individual-profile/${ID}`);
    expect(body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      middlename: '',
      birthDate: null,
      birthPlace: 'US',
      gender: 'male',
      citizenship: 'US',
      occupation: null,
      crd: '0123456789',
      tin: '987-65-4321',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it("reveals the saved values from the API, and toasts 'Error updating profile details' when saving fails", async () => {
    const fetchMock = mockFetch((path, init) => {
      if (init?.method === 'PUT')
        return jsonResponse({ error: { type: 'internal', name: 'InternalServerError', message: 'x', status: 500 } }, 500);
      return jsonResponse({ data: makeProfile({ ssn: '***-**-6789' }) });
    });
    fetchMock.mockImplementationOnce(async () => jsonResponse({ data: makeProfile({ ssn: '***-**-6789' }) }));
    const { user } = renderRoutes(profileRoutes, { initialEntries: [`/user/passport/individual-profiles/${ID}/details`] });
    await screen.findByText('On file: ***-**-6789');
    fetchMock.mockImplementationOnce(async () => jsonResponse({ data: makeProfile({ ssn: '123-45-6789', revealed: true }) }));
    await user.click(screen.getByRole('button', { name: 'Reveal saved values' }));
    await waitFor(() => expect(screen.getByLabelText('SSN')).toHaveValue('123-45-6789'));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('reveal=true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await fill(user, screen.getByLabelText(/Middle name/), 'King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating profile details')).toBeInTheDocument();
  });

  it('names the rule a bad value breaks and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: makeProfile() }));
    const { user } = renderRoutes(profileRoutes, { initialEntries: [`/user/passport/individual-profiles/${ID}/details`] });
    await fill(user, await screen.findByLabelText('SSN'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SSN must look like 000-00-0000')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});

describe('reload on refresh=true', { timeout: 20_000 }, () => {
  it('fetches the profile again and drops the parameter', async () => {
    let stored = makeProfile();
    const fetchMock = mockFetch(() => jsonResponse({ data: stored }));
    const reads = () =>
      fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api/v1/individual-profile/${ID}`)
        .length;
    const routes = [
      {
        path: '/user/passport/individual-profiles/:individualProfileId',
        element: <IndividualProfilePage />,
        children: [{ path: 'details', element: <p>Details</p> }],
      },
    ];
    const { router } = renderRoutes(routes, { initialEntries: [`/user/passport/individual-profiles/${ID}/details`] });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(reads()).toBe(1);

    // Changed elsewhere (another tab, a flow that sends the user back here with refresh=true).
    stored = makeProfile({ lastname: 'Byron' });
    await router.navigate(`/user/passport/individual-profiles/${ID}/details?refresh=true`);
    expect(await screen.findByRole('heading', { name: 'Ada Byron' })).toBeInTheDocument();
    expect(reads()).toBe(2);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(`/user/passport/individual-profiles/${ID}/details`);
  });
});
