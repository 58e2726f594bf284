import { screen, waitFor } from '@testing-library/react';
import { IDENTITY_TEXTS, type IdentityInquiry } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult } from '../../../test/fixtures.ts';
import { withDocumentStyles } from '../../../test/document-styles.tsx';
import { renderRoutes } from '../../../test/render.tsx';
import { identityPath, INQUIRY_ID, makeInquiry } from '../identity-verification.test-helpers.ts';
import { frameSource, VerifyIdentityPage } from './verify-identity-page.tsx';

const opened = { inquiry: makeInquiry(), embed: { kind: 'frame', url: `/identity-inquiry/${INQUIRY_ID}` } };

function serve(complete: () => Response = () => jsonResponse({ data: makeInquiry({ status: 'approved', outcome: 'approved' }) })) {
  return mockFetch((path, init) => {
    if (path === identityPath('/inquiries') && init?.method === 'POST') return jsonResponse({ data: opened }, 201);
    if (path === identityPath('/complete')) return complete();
    return jsonResponse({ error: { type: 'not-found', name: 'NotFound', message: 'Not found', status: 404 } }, 404);
  });
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/investor/onboarding/verify-identity', Component: VerifyIdentityPage },
      { path: '/investor/onboarding/checklist', element: <h1>Checklist</h1> },
    ],
    { initialEntries: ['/investor/onboarding/verify-identity'] },
  );
}

const tell = (event: 'completed' | 'cancelled', inquiryId = INQUIRY_ID, origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent('message', { origin, data: { source: 'tessera-identity-inquiry', event, inquiryId } }));

// The frame's size is MUI's style: its rules must be in the document.
withDocumentStyles();
beforeEach(() => sessionStore.signIn(makeAuthResult()));
afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('VerifyIdentityPage', () => {
  it('opens an inquiry on arrival and frames it at 400×650, never wider than the screen', async () => {
    const fetchMock = serve();
    renderPage();
    const frame = await screen.findByTitle('Identity verification');
    expect(frame).toHaveAttribute('src', `/identity-inquiry/${INQUIRY_ID}`);
    expect(frame).toHaveAttribute('allow', 'camera');
    expect(screen.getByTestId('identity-frame')).toHaveStyle({ width: '100%', 'max-width': '400px', height: '650px' });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/inquiries'))).toHaveLength(1);
  });

  it('on completion asks the server to confirm, then shows the saved toast and goes back to the checklist', async () => {
    const fetchMock = serve();
    const { router } = renderPage();
    await screen.findByTitle('Identity verification');
    // Another origin's word is ignored.
    tell('completed', INQUIRY_ID, 'https://evil.example');
    tell('completed', 'd5d5d5d5d5d5d5d5d5d5d5d5');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/complete'))).toBe(false);
    tell('completed');
    expect(await screen.findByText(IDENTITY_TEXTS.saved)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor/onboarding/checklist'));
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/complete'))!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ inquiryId: INQUIRY_ID });
  });

  it('warns when the inquiry is closed without completing, or the server says it is not approved', async () => {
    serve(() => jsonResponse({ data: makeInquiry({ status: 'rejected', outcome: 'rejected' } satisfies Partial<IdentityInquiry>) }));
    const { router } = renderPage();
    await screen.findByTitle('Identity verification');
    tell('cancelled');
    expect(await screen.findByText(IDENTITY_TEXTS.incomplete)).toBeInTheDocument();
    tell('completed');
    await waitFor(() => expect(screen.getAllByText(IDENTITY_TEXTS.incomplete).length).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe('/investor/onboarding/verify-identity');
  });

  it('shows the error toast when saving fails', async () => {
    serve(() =>
      jsonResponse({ error: { type: 'internal', name: 'InternalServerError', message: 'Internal server error', status: 500 } }, 500),
    );
    const { router } = renderPage();
    await screen.findByTitle('Identity verification');
    tell('completed');
    expect(await screen.findByText(IDENTITY_TEXTS.failed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/investor/onboarding/verify-identity');
  });
});

describe('frameSource', () => {
  it("loads Persona's hosted flow for its inquiry, returning into our frame", () => {
    const url = new URL(
      frameSource(
        { kind: 'persona', inquiryId: 'inq_1', sessionToken: 'sess', environmentId: 'env_1', templateId: 'itmpl_1' },
        'https://acme.example',
      ),
    );
    expect(url.origin).toBe('https://inquiry.withpersona.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'inquiry-id': 'inq_1',
      'session-token': 'sess',
      'environment-id': 'env_1',
      'redirect-uri': 'https://acme.example/identity-inquiry/persona-return',
    });
  });
});
