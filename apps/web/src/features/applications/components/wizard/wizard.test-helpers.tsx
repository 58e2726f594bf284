import {
  DEFAULT_BRANDING,
  isEvaluatorRequestQuestion,
  nextQuestion,
  questionAnswers,
  statusAt,
  type AccreditationQuestionId,
  type Application,
  type ApplicationDocument,
  type Business,
  type TenantPublic,
} from '@tessera/domain';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../../test/fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { ApplicationWizardPage } from './wizard-page.tsx';

export const APPLICATION_ID = 'f6f6f6f6f6f6f6f6f6f6f6f6';
export const SUPPORT_EMAIL = 'help@acme.example';

export function makeApplication(overrides: Partial<Application> = {}): Application {
  return {
    _id: APPLICATION_ID,
    tenant: TENANT_ID,
    type: 'accreditation',
    status: 'not-started',
    user: USER_ID,
    business: null,
    reviewedAt: null,
    reviewedBy: null,
    approvalDoc: null,
    reviewNote: null,
    expiresAt: null,
    expired: false,
    verificationMethod: null,
    certificateCode: null,
    renewedFrom: null,
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    currentQuestionId: null,
    completedQuestionIds: [],
    questionData: {},
    ...overrides,
  };
}

export function makeBusiness(overrides: Partial<Business> = {}): Business {
  return {
    _id: 'c1c1c1c1c1c1c1c1c1c1c1c1',
    name: 'Doe Ventures Inc.',
    dba: 'Doe Ventures',
    website: null,
    email: null,
    phone: null,
    netWorth: 2_500_000,
    revenue: 850_000,
    ein: '**-***6789',
    businessType: 'c-corporation',
    parent: null,
    line1: '100 Main Street',
    line2: null,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
    owners: [],
    createdBy: USER_ID,
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

function makeDocument(id: string, name: string, questionKey: string): ApplicationDocument {
  return {
    _id: id,
    name,
    type: 'INCOME_TAX',
    entityType: 'USER',
    tags: [],
    description: null,
    mimeType: 'application/pdf',
    size: 1024,
    url: `/api/v1/document/${id}/download`,
    uploadedBy: USER_ID,
    originalName: name,
    parsed: false,
    rights: { read: true, update: false, delete: true, share: false },
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    questionKey: questionKey as ApplicationDocument['questionKey'],
    documentDate: null,
    fileDate: null,
    fromEvaluator: false,
  };
}

interface ServerOptions {
  application: Application;
  tenant?: Partial<TenantPublic>;
  businesses?: Business[];
  /** Answers a request before the fake server does (an error, a conflict); undefined lets the server answer. */
  intercept?: (path: string, init: RequestInit | undefined) => Response | undefined;
}

const json = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

/**
 * A fake API for the wizard: it walks the domain's flow as the real server does (validate the screen's answers,
 * move to nextQuestion, set statusAt), keeps uploaded documents, businesses and owners.
 */
export function renderWizard({ application, tenant = {}, businesses = [], intercept }: ServerOptions) {
  sessionStore.signIn(makeAuthResult());
  let app = application;
  const documents: ApplicationDocument[] = [];
  const owned = [...businesses];
  let nextId = 0x100;
  const newId = () => (nextId++).toString(16).padStart(24, 'd');
  const base = `/api/v1/application/${APPLICATION_ID}`;

  const fetchMock = mockFetch((path, init) => {
    const answered = intercept?.(path, init);
    if (answered) return answered;
    const method = init?.method ?? 'GET';
    if (path === `/api/v1/tenant/${TENANT_ID}/public`) {
      const view: TenantPublic = {
        _id: TENANT_ID,
        slug: 'acme',
        name: 'Acme',
        branding: DEFAULT_BRANDING,
        supportEmail: SUPPORT_EMAIL,
        highMinimumPath: false,
        ...tenant,
      };
      return jsonResponse({ data: view });
    }
    if (path === base && method === 'GET') return jsonResponse({ data: app });
    if (path === base && method === 'PUT') {
      const step = json(init) as { direction: 'next' | 'back'; questionId: AccreditationQuestionId; answers: Record<string, unknown> };
      const current = (app.currentQuestionId ?? 'identity') as AccreditationQuestionId;
      if (step.questionId !== current)
        return jsonResponse({ error: { type: 'conflict', name: 'Conflict', message: 'Stale', status: 409 } }, 409);
      if (step.direction === 'back') {
        const completed = app.completedQuestionIds.slice(0, -1);
        const to = app.completedQuestionIds.at(-1) as AccreditationQuestionId;
        app = { ...app, currentQuestionId: to, completedQuestionIds: completed, status: statusAt(to, completed) };
        return jsonResponse({ data: app });
      }
      const schema = questionAnswers[current as keyof typeof questionAnswers];
      const parsed = schema ? schema.safeParse(step.answers) : { success: true as const, data: {} };
      if (!parsed.success)
        return jsonResponse({ error: { type: 'bad-request', name: 'ValidationError', message: 'Invalid answers', status: 400 } }, 400);
      const data = { ...app.questionData, ...(parsed.data as Record<string, unknown>) };
      const to = nextQuestion(current, data)!;
      const completed = [...app.completedQuestionIds, current];
      app = {
        ...app,
        currentQuestionId: to,
        completedQuestionIds: completed,
        questionData: data,
        status: statusAt(to, completed),
        business: (data.businessId as string | undefined) ?? app.business,
      };
      return jsonResponse({ data: app });
    }
    if (path === `${base}/documents` && method === 'GET')
      return jsonResponse({ data: documents, meta: { page: 1, limit: 100, total: documents.length } });
    if (path === `${base}/documents` && method === 'POST') {
      const form = init!.body as FormData;
      const file = form.get('file') as File;
      const doc = makeDocument(newId(), file.name, String(form.get('questionKey')));
      documents.push(doc);
      return jsonResponse({ data: doc }, 201);
    }
    if (path.startsWith(`${base}/documents/`) && method === 'DELETE') return new Response(null, { status: 204 });
    if (path === `${base}/evaluator` && method === 'PUT') {
      const body = json(init);
      const question =
        app.currentQuestionId && isEvaluatorRequestQuestion(app.currentQuestionId)
          ? app.currentQuestionId
          : 'individual-income-eval-request';
      return jsonResponse({
        data: {
          _id: newId(),
          ...body,
          questionId: question,
          state: 'pending',
          expiresAt: '2026-03-01T00:00:00.000Z',
          submittedAt: null,
          createdAt: '2026-02-01T00:00:00.000Z',
        },
      });
    }
    if (path === '/api/v1/business' && method === 'GET')
      return jsonResponse({ data: owned, meta: { page: 1, limit: 100, total: owned.length } });
    if (path === '/api/v1/business' && method === 'POST') {
      const created = makeBusiness({ ...(json(init) as Partial<Business>), _id: newId(), ein: '**-***0000', owners: [] });
      owned.unshift(created);
      return jsonResponse({ data: created }, 201);
    }
    const one = /^\/api\/v1\/business\/([0-9a-f]{24})$/.exec(path);
    if (one && method === 'GET') {
      const found = owned.find((b) => b._id === one[1]);
      return found ? jsonResponse({ data: found }) : jsonResponse({ error: { message: 'Not found' } }, 404);
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFound', message: `unexpected ${method} ${path}`, status: 404 } }, 404);
  });

  const rendered = renderRoutes(
    [
      { path: '/investor/applications/:applicationId', element: <ApplicationWizardPage /> },
      { path: '/investor/applications/:applicationId/details', element: <p>Application details</p> },
    ],
    { initialEntries: [`/investor/applications/${APPLICATION_ID}`] },
  );
  return { ...rendered, fetchMock, current: () => app, setApplication: (next: Application) => (app = next) };
}

/** The JSON bodies of the calls to one path with one method, in order. */
export function bodiesOf(fetchMock: ReturnType<typeof mockFetch>, path: string, method: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

/** The order of the calls, as 'METHOD path', without reads. */
export function writesOf(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET' && init.method !== 'HEAD')
    .map(([input, init]) => `${init!.method} ${new URL(String(input), 'http://localhost').pathname}`)
    .filter((call) => !call.endsWith('/analytics'));
}
