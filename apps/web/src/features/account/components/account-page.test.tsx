import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { ACCOUNT_SECURITY_TEXTS, type User } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { AccountPage } from './account-page.tsx';

const USER_PATH = `/api/v1/user/${USER_ID}`;
type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

function setup(handlers: Record<string, Handler> = {}, user: User = makeUser()) {
  const fetchMock = mockFetch((path, init) => {
    const key = `${init?.method ?? 'GET'} ${path}`;
    const handler = handlers[key];
    if (handler) return handler(init);
    if (key === `GET ${USER_PATH}`) return jsonResponse({ data: user });
    if (key === 'GET /api/v1/auth/sessions') return jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: `no mock for ${key}`, status: 404 } }, 404);
  });
  const rendered = renderRoutes([{ path: '/settings', element: <AccountPage /> }], { initialEntries: ['/settings'] });
  return { ...rendered, fetchMock };
}

/** The JSON bodies of the calls with a body to one path (GETs of the same path are left out). */
const bodiesTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.body !== undefined)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const errorBody = (message: string, name = 'ValidationError') =>
  jsonResponse({ error: { type: 'validation', name, message, status: 400 } }, 400);

beforeEach(() => {
  sessionStore.signIn(makeAuthResult());
});
afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Whole-page renders with MUI are slow in jsdom on a busy machine; one test also waits out the 2.5 s message.
describe('AccountPage', { timeout: 20_000 }, () => {
  it('shows every section of §2, with no application as Not Applied', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    for (const title of [
      'Theme',
      'Time and Date format',
      'Notifications',
      'Change Password',
      'Two-step verification',
      "Where you're signed in",
      'Access Control/Sharing',
      'Privacy and Protection',
      'Your Personal Data',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Accreditation')).toHaveTextContent('Not Applied');
    expect(screen.getByText('Feature comming soon!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/docs');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Country')).toHaveValue('US');
  });

  it('shows only the alert and Two-step verification while the tenant waits for a second factor', async () => {
    sessionStore.signIn({ ...makeAuthResult(), mfaSetupRequired: true });
    const { fetchMock } = setup({
      'GET /api/v1/auth/mfa': () =>
        jsonResponse({ data: { totp: { enabled: false, confirmedAt: null }, passkeys: [], recoveryCodesLeft: 0, required: true } }),
    });
    expect(await screen.findByText('Your organization requires two-step verification. Set it up to continue.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
    // Nothing else is asked of the server, which would refuse it.
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)).not.toContain(USER_PATH);
  });

  it("reads the user's application and shows its status label", async () => {
    const APPLICATION_ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
    const application = {
      _id: APPLICATION_ID,
      tenant: 'a1a1a1a1a1a1a1a1a1a1a1a1',
      type: 'accreditation',
      status: 'approved',
      user: USER_ID,
      business: null,
      reviewedAt: '2026-02-01T00:00:00.000Z',
      reviewedBy: null,
      approvalDoc: null,
      reviewNote: null,
      expiresAt: '2027-02-01T00:00:00.000Z',
      expired: false,
      verificationMethod: 'income',
      certificateCode: 'TSR-7K4M-9Q2X',
      renewedFrom: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:00:00.000Z',
      currentQuestionId: null,
      completedQuestionIds: [],
      questionData: {},
    };
    setup(
      { [`GET /api/v1/application/${APPLICATION_ID}`]: () => jsonResponse({ data: application }) },
      makeUser({ accreditationApplicationId: APPLICATION_ID }),
    );
    expect(await screen.findByText('Verified Accredited Investor')).toBeInTheDocument();
    expect(screen.getByLabelText('Accreditation')).toHaveTextContent('Verified Accredited Investor');
  });

  describe('Change Password', () => {
    it('is enabled only when the current password is filled and both new entries are equal and non-empty, saying whether they match', async () => {
      const { user } = setup();
      const button = await screen.findByRole('button', { name: 'Change Password' });
      expect(button).toBeDisabled();

      await fill(user, screen.getByLabelText('New password'), 'new-password-1');
      expect(button).toBeDisabled();
      await fill(user, screen.getByLabelText('Confirm password'), 'new-password-2');
      expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
      expect(button).toBeDisabled();

      await user.clear(screen.getByLabelText('Confirm password'));
      await fill(user, screen.getByLabelText('Confirm password'), 'new-password-1');
      expect(screen.getByText('Passwords match')).toBeInTheDocument();
      // The new entries match, but the current password is still empty.
      expect(button).toBeDisabled();
      await fill(user, screen.getByLabelText('Current password'), 'old-password-0');
      expect(button).toBeEnabled();
      await waitForElementToBeRemoved(() => screen.queryByText('Passwords match'), { timeout: 4000 });
      expect(button).toBeEnabled();
    });

    it('sends the current and the new password and stores the new session token', async () => {
      const next = { ...makeAuthResult(7200), token: makeAuthResult(7200).token.replace('signature', 'fresh') };
      const { user, fetchMock } = setup({ 'POST /api/v1/auth/password-update': () => jsonResponse({ data: next }) });
      await fill(user, await screen.findByLabelText('Current password'), 'old-password-0');
      await fill(user, screen.getByLabelText('New password'), 'new-password-1');
      await fill(user, screen.getByLabelText('Confirm password'), 'new-password-1');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
      await waitFor(() => expect(sessionStore.getState().token).toBe(next.token));
      expect(sentBodies(fetchMock, '/api/v1/auth/password-update')[0]).toMatchObject({
        currentPassword: 'old-password-0',
        newPassword: 'new-password-1',
        email: 'ada@example.com',
        appType: 'platform',
      });
      expect(screen.getByLabelText('New password')).toHaveValue('');
      expect(screen.getByLabelText('Current password')).toHaveValue('');
    });

    it("toasts 'Unable to update password' and shows the server's name and message inline", async () => {
      const { user } = setup({
        'POST /api/v1/auth/password-update': () => errorBody(ACCOUNT_SECURITY_TEXTS.currentPasswordWrong, 'BadRequestError'),
      });
      await fill(user, await screen.findByLabelText('Current password'), 'not-my-password');
      await fill(user, screen.getByLabelText('New password'), 'new-password-1');
      await fill(user, screen.getByLabelText('Confirm password'), 'new-password-1');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
      expect(await screen.findByText('Unable to update password')).toBeInTheDocument();
      const alert = within(screen.getByRole('region', { name: 'Change Password' })).getByRole('alert');
      expect(alert).toHaveTextContent('BadRequestError');
      expect(alert).toHaveTextContent(ACCOUNT_SECURITY_TEXTS.currentPasswordWrong);
    });
  });

  describe('Your Personal Data', () => {
    it("downloads the export and toasts 'Data exported successfully'", async () => {
      const createObjectURL = vi.fn(() => 'blob:export');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { user } = setup({ [`GET ${USER_PATH}/export`]: () => jsonResponse({ format: 'tessera-export' }) });
      await user.click(await screen.findByRole('button', { name: 'Export' }));
      expect(await screen.findByText('Data exported successfully')).toBeInTheDocument();
      expect(createObjectURL).toHaveBeenCalledTimes(1);
      expect(click).toHaveBeenCalledTimes(1);
    });

    it("toasts 'Error exporting data: {message}' on failure", async () => {
      const { user } = setup({ [`GET ${USER_PATH}/export`]: () => errorBody('User not found', 'NotFoundError') });
      await user.click(await screen.findByRole('button', { name: 'Export' }));
      expect(await screen.findByText('Error exporting data: User not found')).toBeInTheDocument();
    });

    it('tells how to have the account deleted', async () => {
      setup();
      expect(await screen.findByText(/To delete your account and its data, contact support/)).toBeInTheDocument();
    });
  });

  describe('Profile', () => {
    it("saves only once edited, sends empty values as null and toasts 'Profile details updated'", async () => {
      const saved = makeUser({ city: 'Boston', phone: '(555) 123-4567', country: 'US' });
      const { user, fetchMock } = setup({ [`PUT ${USER_PATH}`]: () => jsonResponse({ data: saved }) });
      const save = await screen.findByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();
      await fill(user, screen.getByLabelText('City'), 'Boston');
      await fill(user, screen.getByLabelText('Phone'), '5551234567');
      expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
      expect(save).toBeEnabled();
      await user.click(save);
      expect(await screen.findByText('Profile details updated')).toBeInTheDocument();
      const [body] = bodiesTo(fetchMock, USER_PATH);
      expect(body).toMatchObject({
        firstname: 'Ada',
        lastname: 'Lovelace',
        city: 'Boston',
        phone: '(555) 123-4567',
        middlename: null,
        line1: null,
        zip: null,
        country: 'US',
      });
      await waitFor(() => expect(save).toBeDisabled());
      expect(sessionStore.getState().user?.city).toBe('Boston');
    });

    it("toasts 'Error updating profile details' when the save fails", async () => {
      const { user } = setup({ [`PUT ${USER_PATH}`]: () => errorBody('body.city: City must be at most 100 characters') });
      await fill(user, await screen.findByLabelText('City'), 'Somewhere');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Error updating profile details')).toBeInTheDocument();
    });

    it('holds a US zip to 5 digits and offers the US states', async () => {
      const { user, fetchMock } = setup();
      await fill(user, await screen.findByLabelText('Zip'), '021');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Zip code must be 5 digits')).toBeInTheDocument();
      expect(bodiesTo(fetchMock, USER_PATH)).toHaveLength(0);
      expect(within(screen.getByLabelText('State')).getByRole('option', { name: 'Massachusetts' })).toBeInTheDocument();
    });

    it("uploads a new image and toasts 'Profile image updated' or 'Error updating profile image'", async () => {
      let fail = false;
      const { user } = setup({
        [`PUT ${USER_PATH}/image`]: () =>
          fail
            ? errorBody('This kind of file is not accepted')
            : jsonResponse({ data: makeUser({ image: 'https://cdn.example.com/a.png' }) }),
      });
      const input = await screen.findByTestId('profile-image-input');
      await user.upload(input, new File(['png'], 'a.png', { type: 'image/png' }));
      expect(await screen.findByText('Profile image updated')).toBeInTheDocument();
      fail = true;
      await user.upload(input, new File(['png'], 'b.png', { type: 'image/png' }));
      expect(await screen.findByText('Error updating profile image')).toBeInTheDocument();
    });
  });

  it('saves a notification switch as it is flipped', async () => {
    const { user, fetchMock } = setup({
      [`PUT ${USER_PATH}/notifications`]: () =>
        jsonResponse({
          data: makeUser({
            notificationPreferences: { 'investment-updates': true, 'account-management': true, 'product-updates': true, marketing: true },
          }),
        }),
    });
    const marketing = await screen.findByRole('switch', { name: /Marketing/ });
    expect(marketing).not.toBeChecked();
    await user.click(marketing);
    await waitFor(() => expect(marketing).toBeChecked());
    expect(sentBodies(fetchMock, `${USER_PATH}/notifications`)).toEqual([{ notificationPreferences: { marketing: true } }]);
    expect(screen.getByRole('switch', { name: /Investment updates/ })).toBeChecked();
  });

  it("stores the theme on the membership with 'Set as default'", async () => {
    const member = {
      _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
      tenant: 'a1a1a1a1a1a1a1a1a1a1a1a1',
      user: USER_ID,
      firstname: 'Ada',
      middlename: null,
      lastname: 'Lovelace',
      email: 'ada@example.com',
      image: null,
      tags: [],
      groups: [],
      membershipStatus: 'active',
      rbac: { _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', role: 'investor', attributes: {}, expiresAt: null },
      preferences: { themeMode: 'dark', timeFormat: null, dateFormat: null, appMode: null, institution: null },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    sessionStore.signIn({
      ...makeAuthResult(),
      tenantMember: {
        ...member,
        preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
      } as never,
    });
    const { user, fetchMock } = setup({ [`PUT ${USER_PATH}/tenant-member/preferences`]: () => jsonResponse({ data: member }) });
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    await user.click(screen.getByRole('button', { name: 'Set as default' }));
    await waitFor(() => expect(sessionStore.getState().tenantMember?.preferences.themeMode).toBe('dark'));
    expect(sentBodies(fetchMock, `${USER_PATH}/tenant-member/preferences`)).toEqual([{ themeMode: 'dark' }]);
  });
});
