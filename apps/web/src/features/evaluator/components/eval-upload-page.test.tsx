import { screen, within } from '@testing-library/react';
import type { EvaluatorApplicationView, EvaluatorDocument } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { EvalUploadPage } from './eval-upload-page.tsx';

const APPLICATION = 'c1c1c1c1c1c1c1c1c1c1c1c1';
const APPLICANT = 'd2d2d2d2d2d2d2d2d2d2d2d2';
const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuv';
const VIEW_PATH = `/api/v1/application/${APPLICATION}/evaluator/view`;
const WORDING =
  'I, Carla Reyes, am a certified public accountant in good standing. Within the last three months I have taken reasonable steps to verify that Ivan Investor had an individual income of more than $200,000 in each of the years 2024 and 2025.';

const VIEW: EvaluatorApplicationView = {
  applicationId: APPLICATION,
  userId: APPLICANT,
  applicantName: 'Ivan Investor',
  applicantEmail: 'ivan@example.com',
  type: 'Accredited investor verification (income)',
  evidence: 'individual-income',
  businessName: null,
  evaluator: { firstname: 'Carla', lastname: 'Reyes', email: 'carla@reyes-cpa.example' },
  letterWording: WORDING,
  expiresAt: '2026-12-11T10:00:00.000Z',
  submitted: false,
  documents: [],
};
const LETTER: EvaluatorDocument = {
  _id: 'e3e3e3e3e3e3e3e3e3e3e3e3',
  name: 'Evaluator letter for Ivan Investor',
  originalName: 'letter.pdf',
  size: 2048,
  createdAt: '2026-11-28T09:00:00.000Z',
};
const INVALID = { error: { type: 'not-found', name: 'NotFoundError', message: 'This link is not valid or has expired.', status: 404 } };

const address = (query: Record<string, string>) => `/eval-upload?${new URLSearchParams(query)}`;
const LINK = address({ userId: APPLICANT, applicationId: APPLICATION, token: TOKEN });

function renderAt(path: string) {
  return renderRoutes([{ path: '/eval-upload', element: <EvalUploadPage /> }], { initialEntries: [path] });
}

/** The API behind the page: the view, an upload that adds a letter, and a submit that uses the link up. */
function serveLink(initial: EvaluatorApplicationView = VIEW, failures: { upload?: Response; submit?: Response } = {}) {
  let view = initial;
  return mockFetch((path, init, url) => {
    if (path.includes('/evaluator/')) expect(url.searchParams.get('token')).toBe(TOKEN);
    if (path === VIEW_PATH) return jsonResponse({ data: view });
    if (path === `/api/v1/application/${APPLICATION}/evaluator/documents` && init?.method === 'POST') {
      if (failures.upload) return failures.upload;
      view = { ...view, documents: [...view.documents, LETTER] };
      return jsonResponse({ data: LETTER }, 201);
    }
    if (path === `/api/v1/application/${APPLICATION}/evaluator/submit` && init?.method === 'PUT') {
      if (failures.submit) return failures.submit;
      view = { ...view, submitted: true };
      return jsonResponse({ data: view });
    }
    return jsonResponse(INVALID, 404);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EvalUploadPage', () => {
  it.each([
    ['no token', address({ userId: APPLICANT, applicationId: APPLICATION })],
    ['no application', address({ userId: APPLICANT, token: TOKEN })],
    ['a malformed application id', address({ applicationId: 'nope', token: TOKEN })],
  ])('shows the invalid-link page for %s without asking the server', async (_label, path) => {
    const fetchMock = mockFetch(() => jsonResponse({ data: VIEW }));
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'This link is not valid or has expired' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/evaluator/'))).toEqual([]);
  });

  it('shows the same page and no data for a link the server refuses', async () => {
    mockFetch(() => jsonResponse(INVALID, 404));
    renderAt(LINK);
    expect(await screen.findByRole('heading', { name: 'This link is not valid or has expired' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the applicant to send you a new one/)).toBeInTheDocument();
  });

  it('shows the same page for a link whose applicant is not the one the server has', async () => {
    serveLink();
    renderAt(address({ userId: 'f4f4f4f4f4f4f4f4f4f4f4f4', applicationId: APPLICATION, token: TOKEN }));
    expect(await screen.findByRole('heading', { name: 'This link is not valid or has expired' })).toBeInTheDocument();
    expect(screen.queryByText('Ivan Investor')).not.toBeInTheDocument();
  });

  it('shows a loading state while the application loads', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderAt(LINK);
    expect(await screen.findByRole('progressbar', { name: 'Loading the application' })).toBeInTheDocument();
  });

  it('shows the applicant and the wording; Submit waits for a document; success opens the dialog of 001 §2', async () => {
    const fetchMock = serveLink();
    const { user } = renderAt(LINK);
    expect(await screen.findByRole('heading', { name: 'Accredited investor letter' })).toBeInTheDocument();
    for (const text of ['Ivan Investor', 'ivan@example.com', 'Accredited investor verification (income)', APPLICATION]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(WORDING)).toBeInTheDocument();
    expect(screen.getByText('No documents uploaded yet.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    await user.upload(screen.getByLabelText('Letter file'), new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    const uploaded = await screen.findByRole('list', { name: 'Uploaded documents' });
    expect(within(uploaded).getByText('letter.pdf')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await fill(user, screen.getByLabelText('Notes'), 'Letter on our letterhead attached.');
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Application Submitted' });
    expect(within(dialog).getByText('The application has been submitted and is now under review')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/application/${APPLICATION}/evaluator/submit`)).toEqual([
      { message: 'Letter on our letterhead attached.', documents: [LETTER._id] },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('The letter has already been submitted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('shows an already submitted link as such, with what was sent and no way to send more', async () => {
    serveLink({ ...VIEW, submitted: true, documents: [LETTER] });
    renderAt(LINK);
    expect(await screen.findByText('The letter has already been submitted')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Uploaded documents' })).getByText('letter.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload document' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('shows why an upload was refused and keeps Submit disabled', async () => {
    const refusal = jsonResponse(
      { error: { type: 'bad-request', name: 'BadRequestError', message: 'Files ending in .txt are not accepted here.', status: 400 } },
      400,
    );
    serveLink(VIEW, { upload: refusal });
    const { user } = renderAt(LINK);
    await screen.findByRole('heading', { name: 'Accredited investor letter' });
    await user.upload(screen.getByLabelText('Letter file'), new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Files ending in .txt are not accepted here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
