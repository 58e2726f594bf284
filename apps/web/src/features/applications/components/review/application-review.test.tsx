import { screen, waitFor, within } from '@testing-library/react';
import type { AdminApplicationItem, Application, ApplicationDocument, Business, EvaluatorRequest, TimelineEvent } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, TENANT_ID, USER_ID } from '../../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../../test/render.tsx';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { InvestorApplicationsPage } from '../applications-page.tsx';
import { ApplicationDetailsTab } from './application-details-tab.tsx';
import { ApplicationDocumentsTab } from './application-documents-tab.tsx';
import { ApplicationHistoryTab } from './application-history-tab.tsx';
import { ApplicationLayout } from './application-layout.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const APP_ID = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const APPLICANT_ID = 'd4d4d4d4d4d4d4d4d4d4d4d4';
const DOC_ID = 'e5e5e5e5e5e5e5e5e5e5e5e5';
const BUSINESS_ID = 'f7f7f7f7f7f7f7f7f7f7f7f7';
const APP_PATH = `/api/v1/application/${APP_ID}`;
const NOT_FOUND = { error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } };

const makeApplication = (overrides: Partial<Application> = {}): Application => ({
  _id: APP_ID,
  tenant: TENANT_ID,
  type: 'accreditation',
  status: 'submitted',
  user: APPLICANT_ID,
  business: null,
  reviewedAt: null,
  reviewedBy: null,
  approvalDoc: null,
  reviewNote: null,
  expiresAt: null,
  expired: false,
  verificationMethod: 'license',
  certificateCode: null,
  renewedFrom: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
  applicant: { _id: APPLICANT_ID, email: 'ivan@example.com', name: 'Ivan Investor' },
  currentQuestionId: 'individual-submitted',
  completedQuestionIds: ['identity', 'individual-method', 'individual-license'],
  questionData: {
    identity: 'individual',
    individualMethod: 'license',
    individualLicenseType: 'series-65',
    individualLicenseCrd: '7654321',
    individualLicenseConfirm: true,
  },
  ...overrides,
});

const row = (overrides: Partial<AdminApplicationItem> = {}): AdminApplicationItem => {
  const { currentQuestionId, completedQuestionIds, questionData, applicant, ...summary } = makeApplication();
  void [currentQuestionId, completedQuestionIds, questionData, applicant];
  return {
    ...summary,
    tenantSlug: 'acme',
    tenantName: 'Acme Capital',
    userEmail: 'ivan@example.com',
    userName: 'Ivan Investor',
    ...overrides,
  };
};

const DOCUMENT: ApplicationDocument = {
  _id: DOC_ID,
  name: '2025 asset statement',
  type: 'ASSET',
  entityType: 'USER',
  tags: ['statement'],
  description: null,
  mimeType: 'application/pdf',
  size: 1000,
  url: `/api/v1/document/${DOC_ID}/download`,
  uploadedBy: APPLICANT_ID,
  originalName: 'statement.pdf',
  parsed: false,
  rights: { read: true, update: false, delete: false, share: false },
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  questionKey: 'individualAssetsAssetStatement',
  documentDate: '2026-02-20',
  fileDate: null,
  fromEvaluator: false,
};

const EVENT: TimelineEvent = {
  _id: 'a9a9a9a9a9a9a9a9a9a9a9a9',
  type: 'create',
  entity: APP_ID,
  entityType: 'application',
  message: 'Ivan Investor started an accreditation application',
  user: APPLICANT_ID,
  userName: 'Ivan Investor',
  meta: {},
  refs: [],
  createdAt: '2026-03-01T00:00:00.000Z',
};

const page = <T,>(data: T[], total = data.length) => jsonResponse({ data, meta: { page: 1, limit: 20, total } });

type Handlers = Record<string, (url: URL, init: RequestInit | undefined) => Response>;

function signInAs(role: 'admin' | 'user', id = USER_ID) {
  sessionStore.signIn({ ...makeAuthResult(), user: makeUser({ _id: id, role }) });
}

function setup(path: string, handlers: Handlers = {}) {
  const fetchMock = mockFetch((p, init, url) => {
    const key = `${init?.method ?? 'GET'} ${p}`;
    const handler = handlers[key];
    if (handler) return handler(url, init);
    if (key === `GET ${APP_PATH}`) return jsonResponse({ data: makeApplication() });
    if (key === `GET ${APP_PATH}/documents`) return page([DOCUMENT]);
    if (key === `GET ${APP_PATH}/evaluator`) return page<EvaluatorRequest>([]);
    if (key === `GET ${APP_PATH}/events`) return page([EVENT]);
    return jsonResponse(NOT_FOUND, 404);
  });
  const rendered = renderRoutes(
    [
      { path: '/investor/applications', element: <InvestorApplicationsPage /> },
      { path: '/investor/applications/:applicationId', element: <p>wizard</p> },
      {
        element: <ApplicationLayout />,
        children: [
          { path: '/investor/applications/:applicationId/details', element: <ApplicationDetailsTab /> },
          { path: '/investor/applications/:applicationId/documents', element: <ApplicationDocumentsTab /> },
          { path: '/investor/applications/:applicationId/history', element: <ApplicationHistoryTab /> },
        ],
      },
      { path: '/document/:documentId', element: <p>document page</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...rendered, fetchMock };
}

/** The query of every request to `path`, in order. */
const queries = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

describe('the reviewers’ application list', { timeout: 20_000 }, () => {
  it('lists the tenant’s applications with filters kept in the address, and a row opens the details', async () => {
    signInAs('admin');
    const { user, router, fetchMock } = setup('/investor/applications?view=review&status=approved', {
      'GET /api/v1/application': (url) =>
        url.searchParams.get('scope') === 'tenant'
          ? page([
              row({ status: 'approved', expired: true }),
              row({ _id: 'b8b8b8b8b8b8b8b8b8b8b8b8', userName: 'Ada Lovelace', userEmail: 'ada@example.com' }),
            ])
          : page([]),
    });
    const grid = await screen.findByRole('grid', { name: 'Applications to review' });
    const first = (await within(grid).findByText('ivan@example.com')).closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('Ivan Investor')).toBeInTheDocument();
    // An expired approval reads as expired, not approved.
    expect(within(first).getByText('Expired')).toBeInTheDocument();
    expect(within(first).getByText('License')).toBeInTheDocument();
    expect(queries(fetchMock, '/api/v1/application')[0]).toEqual({ scope: 'tenant', page: '1', limit: '20', status: 'approved' });

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Accreditation' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=review&status=approved&type=accreditation'));
    await waitFor(() =>
      expect(queries(fetchMock, '/api/v1/application').at(-1)).toMatchObject({ type: 'accreditation', status: 'approved' }),
    );

    // Two characters are not searched yet; three are, and the text joins the address beside the filters.
    await fill(user, screen.getByRole('textbox', { name: 'Search' }), 'iv');
    await waitFor(() => expect(router.state.location.search).toContain('search=iv'));
    expect(queries(fetchMock, '/api/v1/application').some((q) => q.search)).toBe(false);
    await fill(user, screen.getByRole('textbox', { name: 'Search' }), 'a');
    await waitFor(() => expect(queries(fetchMock, '/api/v1/application').at(-1)).toMatchObject({ search: 'iva', type: 'accreditation' }));
    expect(router.state.location.search).toBe('?view=review&status=approved&type=accreditation&search=iva');

    await user.click(within(first).getByText('ivan@example.com'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/investor/applications/${APP_ID}/details`));
  });

  it('shows investors without the reviewer role only their own applications, linking to the wizard until approved', async () => {
    signInAs('user', APPLICANT_ID);
    const { fetchMock } = setup('/investor/applications?view=review', {
      'GET /api/v1/application': () =>
        page([
          makeApplication({ status: 'in-progress' }),
          makeApplication({
            _id: 'b8b8b8b8b8b8b8b8b8b8b8b8',
            status: 'approved',
            reviewedAt: '2026-03-05T00:00:00.000Z',
            expiresAt: '2027-03-05T00:00:00.000Z',
          }),
        ]),
    });
    const links = await screen.findAllByRole('link', { name: /Accreditation application/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/investor/applications/${APP_ID}`,
      '/investor/applications/b8b8b8b8b8b8b8b8b8b8b8b8/details',
    ]);
    expect(screen.queryByRole('tab', { name: 'To review' })).not.toBeInTheDocument();
    expect(queries(fetchMock, '/api/v1/application').every((q) => q.scope === undefined)).toBe(true);
  });
});

describe('an application’s details', { timeout: 20_000 }, () => {
  it("says 'No details available' for an application not started", async () => {
    signInAs('admin');
    setup(`/investor/applications/${APP_ID}/details`, {
      [`GET ${APP_PATH}`]: () =>
        jsonResponse({
          data: makeApplication({ status: 'not-started', completedQuestionIds: [], questionData: {}, verificationMethod: null }),
        }),
    });
    expect(await screen.findByText('No details available')).toBeInTheDocument();
    expect(screen.getByText('Application has not been started by user')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Completed Questions' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Not Applied').length).toBeGreaterThan(0);
  });

  it('writes the completed questions in words, in the order answered, with documents as named links and no raw ids', async () => {
    signInAs('admin');
    setup(`/investor/applications/${APP_ID}/details`, {
      [`GET ${APP_PATH}`]: () =>
        jsonResponse({
          data: makeApplication({
            completedQuestionIds: ['identity', 'individual-method', 'individual-assets'],
            verificationMethod: 'net-worth',
            questionData: {
              identity: 'individual',
              individualMethod: 'assets',
              individualAssetsAssetStatement: [DOC_ID],
              individualAssetsConfirmLiabilities: true,
              // Left over from a path the applicant went back on: not shown.
              individualLicenseType: 'series-7',
            },
          }),
        }),
    });
    const card = (await screen.findByRole('heading', { name: 'Completed Questions' })).closest('.MuiCard-root') as HTMLElement;
    const terms = within(card)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Applying as', 'Qualifies by', 'Asset statement', 'All liabilities disclosed']);
    expect(within(card).getByText('Individual')).toBeInTheDocument();
    expect(within(card).getByText('Net worth (assets and liabilities)')).toBeInTheDocument();
    expect(within(card).getByText('Yes')).toBeInTheDocument();
    expect(await within(card).findByRole('link', { name: '2025 asset statement' })).toHaveAttribute('href', `/document/${DOC_ID}`);
    expect(card.textContent).not.toContain(DOC_ID);
    // The reviewer sees who applied, in the header and the user card, and their platform page.
    expect(screen.getByText('Ivan Investor · ivan@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Open the user's page" })).toHaveAttribute('href', `/admin/user/${APPLICANT_ID}`);
  });

  it('shows license answers by their labels and an approved application’s reviewer, letter and certificate', async () => {
    signInAs('admin');
    setup(`/investor/applications/${APP_ID}/details`, {
      [`GET ${APP_PATH}`]: () =>
        jsonResponse({
          data: makeApplication({
            status: 'approved',
            reviewedAt: '2026-03-05T00:00:00.000Z',
            expiresAt: '2027-03-05T00:00:00.000Z',
            reviewedBy: { _id: 'a1b2a1b2a1b2a1b2a1b2a1b2', email: 'rita@example.com', role: 'admin' },
            reviewNote: 'License verified on FINRA BrokerCheck.',
            approvalDoc: DOC_ID,
            certificateCode: 'TSR-7K4M-9Q2X',
          }),
        }),
    });
    expect(await screen.findByText('Series 65 (Investment Adviser Representative)')).toBeInTheDocument();
    expect(screen.getByText('7654321')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View letter' })).toHaveAttribute('href', `/document/${DOC_ID}`);
    expect(screen.getByRole('link', { name: 'TSR-7K4M-9Q2X' })).toHaveAttribute('href', '/verify/TSR-7K4M-9Q2X');
    const reviewed = screen.getByRole('heading', { name: 'Reviewed By' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(reviewed).getByText('rita@example.com')).toBeInTheDocument();
    expect(within(reviewed).getByText('Platform admin')).toBeInTheDocument();
    expect(within(reviewed).getByText('License verified on FINRA BrokerCheck.')).toBeInTheDocument();
    expect(screen.getAllByText('Verified Accredited Investor').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('lists the business and its owners for a business application', async () => {
    signInAs('admin');
    const business: Business = {
      _id: BUSINESS_ID,
      name: 'Doe Ventures Inc.',
      dba: 'Doe Ventures',
      website: null,
      email: null,
      phone: null,
      netWorth: 2500000,
      revenue: 850000,
      ein: '**-***6789',
      businessType: 'c-corporation',
      parent: null,
      line1: '100 Main Street',
      line2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      owners: [
        {
          _id: 'a2a2a2a2a2a2a2a2a2a2a2a2',
          user: {
            _id: null,
            email: 'jane@example.com',
            firstname: 'Jane',
            lastname: 'Doe',
            line1: null,
            line2: null,
            city: null,
            state: null,
            zip: null,
            country: 'US',
          },
          title: 'CEO',
          equity: 75,
        },
      ],
      createdBy: APPLICANT_ID,
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
    };
    setup(`/investor/applications/${APP_ID}/details`, {
      [`GET ${APP_PATH}`]: () =>
        jsonResponse({
          data: makeApplication({
            business: BUSINESS_ID,
            completedQuestionIds: ['identity', 'business-select', 'business-owners'],
            questionData: { identity: 'business', businessId: BUSINESS_ID },
          }),
        }),
      [`GET ${APP_PATH}/business`]: () => jsonResponse({ data: business }),
    });
    const owners = await screen.findByRole('table', { name: 'Business owners' });
    expect(within(owners).getByText('jane@example.com')).toBeInTheDocument();
    expect(within(owners).getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('C Corporation')).toBeInTheDocument();
    expect(screen.getByText('$2,500,000')).toBeInTheDocument();
    // The business answer is named, never its id.
    const questions = screen.getByRole('heading', { name: 'Completed Questions' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(questions).getByText('Doe Ventures Inc.')).toBeInTheDocument();
    expect(questions.textContent).not.toContain(BUSINESS_ID);
  });

  it('requires a note to reject, then records the decision, says so and refreshes the page', async () => {
    signInAs('admin');
    let application = makeApplication();
    const { user, fetchMock } = setup(`/investor/applications/${APP_ID}/details`, {
      [`GET ${APP_PATH}`]: () => jsonResponse({ data: application }),
      [`PUT ${APP_PATH}/status`]: (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { note: string };
        application = makeApplication({ status: 'rejected', reviewNote: body.note, reviewedAt: '2026-03-06T00:00:00.000Z' });
        return jsonResponse({ data: application });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the application' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why the application is rejected')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${APP_PATH}/status`)).toEqual([]);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Note' }), '  The license could not be verified.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Application rejected')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${APP_PATH}/status`)).toEqual([{ status: 'rejected', note: 'The license could not be verified.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findAllByText('Not Accredited')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('approves without a note, and shows the server’s refusal in the dialog', async () => {
    signInAs('admin');
    const { user, fetchMock } = setup(`/investor/applications/${APP_ID}/details`, {
      [`PUT ${APP_PATH}/status`]: () =>
        jsonResponse(
          { error: { type: 'conflict', name: 'ConflictError', message: 'Only a submitted application can be reviewed', status: 409 } },
          409,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the application' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Only a submitted application can be reviewed')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${APP_PATH}/status`)).toEqual([{ status: 'approved' }]);
  });

  it('is read-only for the applicant: no approve or reject, no platform link', async () => {
    signInAs('user', APPLICANT_ID);
    setup(`/investor/applications/${APP_ID}/details`);
    expect(await screen.findByRole('heading', { name: 'Completed Questions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "Open the user's page" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All applications' })).toHaveAttribute('href', '/investor/applications');
  });
});

describe('an application’s documents and history', { timeout: 20_000 }, () => {
  it('filters the documents by type in the address and opens one', async () => {
    signInAs('admin');
    const { user, router, fetchMock } = setup(`/investor/applications/${APP_ID}/documents`);
    const grid = await screen.findByRole('grid', { name: 'Application documents' });
    const docRow = (await within(grid).findByText('2025 asset statement')).closest('[role="row"]') as HTMLElement;
    expect(within(docRow).getByText('Asset statement')).toBeInTheDocument();
    expect(within(docRow).getByText('Applicant')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Credit Report' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=CREDIT_REPORT'));
    await waitFor(() =>
      expect(queries(fetchMock, `${APP_PATH}/documents`).at(-1)).toEqual({ page: '1', limit: '20', type: 'CREDIT_REPORT' }),
    );

    await user.click(within(docRow).getByText('2025 asset statement'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/document/${DOC_ID}`));
  });

  it('says when there are no documents', async () => {
    signInAs('admin');
    setup(`/investor/applications/${APP_ID}/documents?type=EVAL_LETTER`, { [`GET ${APP_PATH}/documents`]: () => page([]) });
    expect(await screen.findByText('No documents of this type')).toBeInTheDocument();
  });

  it('shows the history and refetches it on Refresh', async () => {
    signInAs('admin');
    const { user, fetchMock } = setup(`/investor/applications/${APP_ID}/history`);
    expect(await screen.findByText('Ivan Investor started an accreditation application')).toBeInTheDocument();
    expect(screen.getByText(/^Last updated /)).toBeInTheDocument();
    const before = queries(fetchMock, `${APP_PATH}/events`).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(queries(fetchMock, `${APP_PATH}/events`).length).toBe(before + 1));
    expect(screen.getByRole('tab', { name: 'History', selected: true })).toBeInTheDocument();
  });
});
