import { screen, waitFor, within } from '@testing-library/react';
import { LEAD_TEXTS, type LeadStats, type TenantLead, type TenantLeadRow, type TenantMember } from '@tessera/domain';
import { useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { leadListLoader, LeadListPage } from './lead-list-page.tsx';

// The Create Lead dialog is a lazy chunk; loading it once up front keeps a busy machine's first import out of findBy's wait.
beforeAll(async () => {
  await import('./create-lead-dialog.tsx');
}, 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const INSTITUTION_ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
const LEAD_ID = 'e7e7e7e7e7e7e7e7e7e7e7e7';
const LEADS_PATH = `/api/v1/tenant/${TENANT_ID}/leads`;

const member: TenantMember = {
  _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
  tenant: TENANT_ID,
  user: USER_ID,
  firstname: 'Grace',
  middlename: null,
  lastname: 'Hopper',
  email: 'grace@example.com',
  image: null,
  tags: [],
  groups: [],
  membershipStatus: 'active',
  rbac: { _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', role: 'member', attributes: {}, expiresAt: null },
  preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: 'institution', institution: INSTITUTION_ID },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function makeLead(overrides: Partial<TenantLeadRow> = {}): TenantLeadRow {
  return {
    _id: LEAD_ID,
    institution: INSTITUTION_ID,
    firstname: 'Ada',
    lastname: 'Lovelace',
    middlename: null,
    email: 'ada@lovelace.example',
    phone: '(404) 555-0123',
    company: 'Analytical Engines LLC',
    companyTitle: null,
    origin: 'manual',
    interests: [],
    tags: [],
    image: null,
    imageUrl: null,
    tenantMember: null,
    inviteStatus: 'none',
    accountStatus: 'none',
    notesCount: 0,
    workflowsCount: 0,
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

const STATS: LeadStats = {
  newInPeriod: 3,
  series: [
    { bucket: '2026-11-26T00:00:00.000Z', count: 1 },
    { bucket: '2026-11-27T00:00:00.000Z', count: 2 },
  ],
  byStatus: { active: 4, invited: 2, 'invite-rejected': 0, requested: 0, 'request-denied': 0, suspended: 0, none: 11 },
  total: 17,
};

const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);

function LeadPage() {
  return <p>{`Lead ${useParams().tenantLeadId ?? ''}`}</p>;
}

function setup({
  path = '/institution/leads',
  rows = [makeLead()],
  total = undefined as number | undefined,
  create = (): Response =>
    jsonResponse({ data: { ...makeLead({ _id: 'f8f8f8f8f8f8f8f8f8f8f8f8' }), notes: [] } satisfies TenantLead }, 201),
} = {}) {
  sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
  const fetchMock = mockFetch((p, init) => {
    if (p === LEADS_PATH && init?.method === 'POST') return create();
    if (p === LEADS_PATH) return jsonResponse({ data: rows, meta: { page: 1, limit: 20, total: total ?? rows.length } });
    if (p === `${LEADS_PATH}/stats`) return jsonResponse({ data: STATS });
    return notFound();
  });
  const rendered = renderRoutes(
    [
      { path: '/institution/leads', element: <LeadListPage /> },
      { path: '/institution/leads/:tenantLeadId', element: <LeadPage /> },
    ],
    { initialEntries: [path] },
  );
  const calls = (endpoint: string) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === endpoint)
      .map((url) => url.searchParams);
  return { ...rendered, fetchMock, calls };
}

describe('LeadListPage', () => {
  it("starts the list the address asks for and the charts' window from the route, before the page renders", async () => {
    sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
    const fetchMock = mockFetch((p) => {
      if (p === LEADS_PATH) return jsonResponse({ data: [makeLead()], meta: { page: 2, limit: 50, total: 51 } });
      if (p === `${LEADS_PATH}/stats`) return jsonResponse({ data: STATS });
      return notFound();
    });
    await leadListLoader({ request: new Request('http://localhost/institution/leads?role=investor&scale=7days&page=2&limit=50') });
    const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const list = urls.find((url) => url.pathname === LEADS_PATH)?.searchParams;
    expect(Object.fromEntries(list ?? [])).toMatchObject({ institution: INSTITUTION_ID, role: 'investor', page: '2', limit: '50' });
    expect(urls.find((url) => url.pathname === `${LEADS_PATH}/stats`)?.searchParams.get('scale')).toBe('day');
    queryClient.clear();
  });

  it('reads every filter, the page, the scale and the dialog from the address and asks the API for them', async () => {
    const { calls } = setup({
      path: '/institution/leads?role=investor&status=active&email=ada&firstname=Ad&lastname=Lo&search=ada%20l&scale=7days&page=2&limit=50&modal=create',
    });
    expect(await screen.findByRole('dialog', { name: 'Create Lead' })).toBeInTheDocument();
    // The open dialog hides the page from the accessibility tree.
    expect(screen.getByRole('heading', { name: 'Leads', level: 1, hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(calls(LEADS_PATH).length).toBeGreaterThan(0));
    const list = calls(LEADS_PATH)[0];
    expect(Object.fromEntries(list ?? [])).toMatchObject({
      institution: INSTITUTION_ID,
      role: 'investor',
      status: 'active',
      email: 'ada',
      firstname: 'Ad',
      lastname: 'Lo',
      search: 'ada l',
      page: '2',
      limit: '50',
      sort: 'createdAt',
      direction: 'desc',
    });
    const stats = calls(`${LEADS_PATH}/stats`)[0];
    expect(stats?.get('institution')).toBe(INSTITUTION_ID);
    expect(stats?.get('scale')).toBe('day');
    expect(screen.getByRole('button', { name: '7 days', hidden: true })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Email: ada')).toBeInTheDocument();
  });

  it('defaults to 20 a page from page 1 over the last 30 days, and keeps unknown values out of the request', async () => {
    const { calls } = setup({ path: '/institution/leads?role=king&page=-3&scale=forever' });
    await waitFor(() => expect(calls(LEADS_PATH).length).toBeGreaterThan(0));
    const list = calls(LEADS_PATH)[0];
    expect(list?.get('page')).toBe('1');
    expect(list?.get('limit')).toBe('20');
    expect(list?.has('role')).toBe(false);
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    for (const label of ['All time', '24 hours', '7 days', '30 days', '1 year'])
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
  });

  it('keeps the page of the address while the list loads and when it exists', async () => {
    const { router, calls } = setup({
      path: '/institution/leads?page=2',
      total: 45,
      rows: Array.from({ length: 20 }, (_, i) => makeLead({ _id: `e7e7e7e7e7e7e7e7e7e7e7${String(i).padStart(2, '0')}` })),
    });
    await screen.findAllByText('Ada Lovelace');
    expect(calls(LEADS_PATH)[0]?.get('page')).toBe('2');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('puts a picked role and scale in the address, back on page 1, and walks back through them', async () => {
    const { user, router, calls } = setup({ path: '/institution/leads?page=3', total: 100 });
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Investor' }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=investor'));
    await waitFor(() => expect(calls(LEADS_PATH).some((q) => q.get('role') === 'investor' && q.get('page') === '1')).toBe(true));

    await user.click(screen.getByRole('button', { name: '1 year' }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=investor&scale=1year'));
    await waitFor(() => expect(calls(`${LEADS_PATH}/stats`).some((q) => q.get('scale') === 'month')).toBe(true));

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).not.toHaveTextContent('Investor'));
  });

  it('searches only past 2 characters, once typing pauses, and keeps the text in the address', async () => {
    const { user, router, calls } = setup();
    const box = await screen.findByRole('textbox', { name: 'Search leads' });
    await fill(user, box, 'ad');
    await waitFor(() => expect(router.state.location.search).toBe('?search=ad'));
    expect(calls(LEADS_PATH).some((q) => q.has('search'))).toBe(false);
    await fill(user, box, 'a');
    await waitFor(() => expect(calls(LEADS_PATH).some((q) => q.get('search') === 'ada')).toBe(true));
    expect(router.state.location.search).toBe('?search=ada');
  });

  it('draws the inbound leads and the account status counts from the stats', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Inbound leads' })).toBeInTheDocument();
    expect(await screen.findByText('3 new leads · Last 30 days')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account status' })).toBeInTheDocument();
    expect(screen.getByText('17 leads in all')).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Leads by account status' });
    const item = (label: string) => within(legend).getByText(label).closest('li') as HTMLElement;
    expect(item('No account')).toHaveTextContent('11');
    expect(item('Active')).toHaveTextContent('4');
    expect(item('Invited')).toHaveTextContent('2');
  });

  it('lists the leads with their status and opens a lead on a row click', async () => {
    const { user, router } = setup({
      rows: [
        makeLead(),
        makeLead({
          _id: 'e8e8e8e8e8e8e8e8e8e8e8e8',
          firstname: 'Alan',
          lastname: 'Turing',
          email: 'alan@example.com',
          origin: 'marketplace',
          accountStatus: 'active',
          tenantMember: { _id: 'a9a9a9a9a9a9a9a9a9a9a9a9', user: USER_ID, membershipStatus: 'active', role: 'investor' },
        }),
      ],
    });
    const row = (await screen.findByText('Alan Turing')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Marketplace')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Investor')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/institution/leads/${LEAD_ID}`);
    await user.click(within(row).getByText('alan@example.com'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/institution/leads/e8e8e8e8e8e8e8e8e8e8e8e8'));
  });

  it('says there are no leads yet and offers to create one', async () => {
    const { user, router } = setup({ rows: [] });
    expect(await screen.findByText('No leads yet')).toBeInTheDocument();
    const panel = screen.getByText('No leads yet').closest('div') as HTMLElement;
    await user.click(within(panel).getByRole('button', { name: 'Create Lead' }));
    expect(await screen.findByRole('dialog', { name: 'Create Lead' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?modal=create');
  });

  it('shows the error with a retry when the list fails', async () => {
    sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
    let fail = true;
    mockFetch((p) => {
      if (p === `${LEADS_PATH}/stats`) return jsonResponse({ data: STATS });
      if (p === LEADS_PATH && fail)
        return jsonResponse({ error: { type: 'bad-request', name: 'BadRequestError', message: 'No', status: 400 } }, 400);
      if (p === LEADS_PATH) return jsonResponse({ data: [makeLead()], meta: { page: 1, limit: 20, total: 1 } });
      return notFound();
    });
    const { user } = renderRoutes([{ path: '/institution/leads', element: <LeadListPage /> }], { initialEntries: ['/institution/leads'] });
    expect(await screen.findByText('The leads could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });
});

describe('Create Lead', () => {
  const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

  it('requires a valid e-mail and both names before Create, then toasts and opens the new lead', async () => {
    const { user, router, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Create Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Lead' });
    expect(router.state.location.search).toBe('?modal=create');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();

    await fill(user, field('Email'), 'ada@');
    await user.click(field('First name'));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    await user.click(field('Last name'));
    await user.click(field('Middle name'));
    // Validation on blur runs the resolver asynchronously: wait for each message rather than read it at once.
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Last name is required')).toBeInTheDocument();

    await fill(user, field('Email'), 'lovelace.example');
    await fill(user, field('First name'), 'Ada');
    await fill(user, field('Last name'), 'Lovelace');
    await fill(user, field('Phone'), '4045550123');
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    expect(await screen.findByText(LEAD_TEXTS.created)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/institution/leads/f8f8f8f8f8f8f8f8f8f8f8f8'));
    expect(sentBodies(fetchMock, LEADS_PATH)).toEqual([
      {
        institution: INSTITUTION_ID,
        email: 'ada@lovelace.example',
        firstname: 'Ada',
        lastname: 'Lovelace',
        phone: '(404) 555-0123',
        origin: 'manual',
      },
    ]);
  });

  it("shows the server's refusal of a duplicate e-mail and keeps the dialog with what was typed", async () => {
    const { user } = setup({
      create: () => jsonResponse({ error: { type: 'conflict', name: 'ConflictError', message: LEAD_TEXTS.duplicate, status: 409 } }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Lead' });
    await fill(user, field('Email'), 'ada@lovelace.example');
    await fill(user, field('First name'), 'Ada');
    await fill(user, field('Last name'), 'Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // The toast, and the same words on the e-mail field.
    await waitFor(() => expect(screen.getAllByText(LEAD_TEXTS.duplicate)).toHaveLength(2));
    expect(field('Email')).toHaveAccessibleDescription(LEAD_TEXTS.duplicate);
    expect(screen.getByRole('dialog', { name: 'Create Lead' })).toBeInTheDocument();
    expect(field('Email')).toHaveValue('ada@lovelace.example');
  });

  it('asks before closing with typed values, and closes at once when nothing was typed', async () => {
    const { user, router } = setup({ path: '/institution/leads?modal=create' });
    let dialog = await screen.findByRole('dialog', { name: 'Create Lead' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Lead' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create Lead' }));
    dialog = await screen.findByRole('dialog', { name: 'Create Lead' });
    await fill(user, field('First name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(await screen.findByRole('textbox', { name: /^First name/ })).toHaveValue('Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
