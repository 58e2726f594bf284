import { screen, within } from '@testing-library/react';
import { ESIGN_CONSENT_TEXT, type EsignEnvelope } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../../test/fetch-mock.ts';
import { makeAuthResult } from '../../../../test/fixtures.ts';
import { fill } from '../../../../test/render.tsx';
import { makeWorkflow, renderStep, WORKFLOW_API, WORKFLOW_ID } from './step-test-utils.tsx';
import { AGREEMENT_CHANGED_TEXT, EsignatureStep } from './esignature-step.tsx';

const HASH = 'a'.repeat(64);
const NEW_HASH = 'b'.repeat(64);
const ESIGN = `${WORKFLOW_API}/esignature`;

const envelope = (values: Partial<EsignEnvelope> = {}): EsignEnvelope => ({
  _id: 'e1e1e1e1e1e1e1e1e1e1e1e1',
  workflow: WORKFLOW_ID,
  provider: 'builtin',
  status: 'created',
  signerName: null,
  signedAt: null,
  unsignedSha256: HASH,
  signedSha256: null,
  signedDocument: null,
  certificateDocument: null,
  signingUrl: null,
  events: [{ type: 'created', at: '2026-11-27T09:58:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0', actor: 'Ada Lovelace' }],
  createdAt: '2026-11-27T09:58:00.000Z',
  ...values,
});

const SIGNED = envelope({
  status: 'signed',
  signerName: 'Ada Lovelace',
  signedAt: '2026-11-27T10:00:00.000Z',
  signedSha256: 'c'.repeat(64),
  signedDocument: 'e2e2e2e2e2e2e2e2e2e2e2e2',
  certificateDocument: 'e3e3e3e3e3e3e3e3e3e3e3e3',
  events: [
    { type: 'created', at: '2026-11-27T09:58:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0', actor: 'Ada Lovelace' },
    { type: 'signed', at: '2026-11-27T10:00:00.000Z', ip: '203.0.113.8', userAgent: 'Mozilla/5.0', actor: 'Ada Lovelace' },
  ],
});

const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
const pdf = () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { headers: { 'Content-Type': 'application/pdf' } });

beforeEach(() => {
  sessionStore.signIn(makeAuthResult());
  // Writable, and gone after: test files share a worker's URL, and later ones assign their own.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:agreement') });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
});

describe('EsignatureStep', () => {
  it('prepares the agreement, signs with a typed name and shows the signed documents and events', async () => {
    const signedWorkflow = makeWorkflow('summary');
    let prepared = false;
    const fetchMock = mockFetch((path, init) => {
      const method = init?.method ?? 'GET';
      if (path === ESIGN && method === 'POST') {
        prepared = true;
        return jsonResponse({ data: envelope() }, 201);
      }
      if (path === ESIGN) return jsonResponse({ data: prepared ? envelope() : null });
      if (path === `${ESIGN}/agreement`) return pdf();
      if (path === `${ESIGN}/sign`) return jsonResponse({ data: SIGNED });
      if (path === WORKFLOW_API) return jsonResponse({ data: signedWorkflow });
      return notFound();
    });
    const { user, props } = renderStep(EsignatureStep, makeWorkflow('esignature'));

    expect(await screen.findByTitle('Subscription agreement')).toHaveAttribute('src', 'blob:agreement');
    expect(screen.getByText(HASH)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Type' })).toHaveAttribute('aria-selected', 'true');

    // Nothing is sent without a name and the consent.
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Type your full name')).toBeInTheDocument();
    expect(screen.getByText('Agree to sign electronically')).toBeInTheDocument();

    await fill(user, screen.getByLabelText(/Your full name/), 'Ada Lovelace');
    await user.click(screen.getByRole('checkbox', { name: ESIGN_CONSENT_TEXT }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    expect(await screen.findByRole('heading', { name: 'Signed' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${ESIGN}/sign`)).toEqual([
      { signatureKind: 'typed', typedName: 'Ada Lovelace', consent: true, unsignedSha256: HASH },
    ]);
    expect(screen.getByRole('button', { name: 'Download signed agreement' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download certificate of completion' })).toBeEnabled();
    const events = screen.getByRole('list', { name: 'Signing events' });
    expect(within(events).getByText(/IP address 203\.0\.113\.8/)).toBeInTheDocument();
    expect(within(events).getByText('Agreement prepared')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(props.onCompleted).toHaveBeenCalledWith(signedWorkflow));
    expect(sentBodies(fetchMock, ESIGN)).toEqual([{}]);
  });

  it('says the agreement changed on a 409 and shows the new one to sign', async () => {
    let changed = false;
    mockFetch((path, init) => {
      const method = init?.method ?? 'GET';
      if (path === `${ESIGN}/sign`) {
        changed = true;
        return jsonResponse({ error: { type: 'conflict', name: 'ConflictError', message: 'The agreement changed', status: 409 } }, 409);
      }
      if (path === ESIGN && method === 'GET') return jsonResponse({ data: envelope(changed ? { unsignedSha256: NEW_HASH } : {}) });
      if (path === `${ESIGN}/agreement`) return pdf();
      return notFound();
    });
    const { user } = renderStep(EsignatureStep, makeWorkflow('esignature'));
    await fill(user, await screen.findByLabelText(/Your full name/), 'Ada Lovelace');
    await user.click(screen.getByRole('checkbox', { name: ESIGN_CONSENT_TEXT }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(AGREEMENT_CHANGED_TEXT)).toBeInTheDocument();
    expect(await screen.findByText(NEW_HASH)).toBeInTheDocument();
    // Consent is given afresh to the agreement now shown.
    expect(screen.getByRole('checkbox', { name: ESIGN_CONSENT_TEXT })).not.toBeChecked();
  });
});
