import { screen, waitFor } from '@testing-library/react';
import type { IdentityInquiry } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { identityPath, INQUIRY_ID, makeInquiry } from '../identity-verification.test-helpers.ts';
import { IdentityInquiryPage } from './identity-inquiry-page.tsx';

const TYPED = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthDate: '1980-01-02',
  documentNumber: 'D1234567',
  expiryDate: '2031-05-01',
};

/** A server holding one inquiry: uploads, fields and submit change it; after submitting, `verdict` is what polling finds. */
function serve(verdict: Partial<IdentityInquiry> = { status: 'approved', outcome: 'approved' }) {
  let inquiry = makeInquiry();
  let polls = 0;
  const fetchMock = mockFetch((path, init) => {
    if (path === identityPath(`/inquiries/${INQUIRY_ID}`)) {
      if (inquiry.status === 'submitted' && ++polls > 1) inquiry = { ...inquiry, ...verdict };
      return jsonResponse({ data: inquiry });
    }
    if (path === identityPath('/documents')) {
      const side = (init?.body as FormData).get('side') as 'front' | 'back' | 'selfie';
      inquiry = { ...inquiry, uploads: { ...inquiry.uploads, [side]: true } };
      return jsonResponse({ data: inquiry });
    }
    if (path === identityPath()) {
      const { inquiryId: _id, ...fields } = JSON.parse(String(init?.body));
      inquiry = { ...inquiry, documentType: fields.documentType, fields };
      return jsonResponse({ data: inquiry });
    }
    if (path === identityPath('/submit')) {
      inquiry = { ...inquiry, status: 'submitted', submittedAt: '2026-11-27T09:31:00.000Z' };
      return jsonResponse({ data: inquiry }, 202);
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFound', message: 'Not found', status: 404 } }, 404);
  });
  return fetchMock;
}

const postMessage = vi.fn();
beforeEach(() => {
  sessionStore.signIn(makeAuthResult());
  // Framed: the page tells its parent.
  vi.stubGlobal('parent', { postMessage });
  postMessage.mockClear();
});
afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderRoutes([{ path: '/identity-inquiry/:inquiryId', Component: IdentityInquiryPage }], {
    initialEntries: [`/identity-inquiry/${INQUIRY_ID}`],
  });
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('IdentityInquiryPage', () => {
  it('walks a licence through type, front and back, selfie, fields, review and submit, then tells the screen the verdict', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve();
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Choose your ID' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: "US driver's license" }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('heading', { name: 'Photograph your ID' })).toBeInTheDocument();
    const front = screen.getByLabelText('Front of the document');
    expect(front).toHaveAttribute('capture', 'environment');
    expect(front).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.upload(front, png('front.png'));
    await waitFor(() => expect(screen.getAllByTitle('Uploaded')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Back of the document'), png('back.png'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
    expect(screen.getByLabelText('Selfie')).toHaveAttribute('capture', 'user');
    await user.upload(screen.getByLabelText('Selfie'), png('me.png'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('First name is required')).toHaveLength(1);
    await fill(user, screen.getByLabelText(/First name/), TYPED.firstName);
    await fill(user, screen.getByLabelText(/Last name/), TYPED.lastName);
    await fill(user, screen.getByLabelText(/Date of birth/), TYPED.birthDate);
    await fill(user, screen.getByLabelText(/Document number/), TYPED.documentNumber);
    await fill(user, screen.getByLabelText(/Expiry date/), TYPED.expiryDate);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, identityPath())).toEqual([{ inquiryId: INQUIRY_ID, documentType: 'drivers-license', ...TYPED }]);
    expect(screen.getByText('D1234567')).toBeInTheDocument();
    expect(screen.getByText('Front of the document, Back of the document, Selfie')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Checking your document…')).toBeInTheDocument();
    expect(postMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4000);
    expect(await screen.findByText('Your identity is verified.')).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledWith(
      { source: 'tessera-identity-inquiry', event: 'completed', inquiryId: INQUIRY_ID },
      window.location.origin,
    );
    vi.useRealTimers();
  }, 30_000);

  it('tells the screen when it is closed', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Close the verification' }));
    expect(postMessage).toHaveBeenCalledWith(
      { source: 'tessera-identity-inquiry', event: 'cancelled', inquiryId: INQUIRY_ID },
      window.location.origin,
    );
  });

  it('shows the verdict of an inquiry already decided, with the failed checks of a rejection', async () => {
    mockFetch(() =>
      jsonResponse({
        data: makeInquiry({
          status: 'rejected',
          outcome: 'rejected',
          checks: [
            { name: 'document-readable', status: 'passed', detail: 'The document was read.' },
            { name: 'not-expired', status: 'failed', detail: 'The document expired on 2020-01-01.' },
          ],
        }),
      }),
    );
    renderPage();
    expect(await screen.findByText('We could not verify your identity with this document.')).toBeInTheDocument();
    expect(screen.getByText('The document expired on 2020-01-01.')).toBeInTheDocument();
    expect(screen.queryByText('The document was read.')).not.toBeInTheDocument();
  });
});
