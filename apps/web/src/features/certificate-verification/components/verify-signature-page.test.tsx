import { fireEvent, screen, within } from '@testing-library/react';
import type { EsignVerification } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { NOT_A_PDF_TEXT, VerifySignaturePage } from './verify-signature-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const VERIFY_PATH = `/api/v1/tenant/${TENANT_ID}/esignature/verify`;
const SHA = '9b'.repeat(32);
const verification = (values: Partial<EsignVerification> = {}): EsignVerification => ({
  sha256: SHA,
  sealed: true,
  sealIntact: true,
  sealedBy: 'Northwind Capital',
  matchesRecord: true,
  record: { workflowName: 'Investment - Harbor Lofts', signerName: 'Jane Doe', signedAt: '2026-11-27T10:00:00.000Z' },
  valid: true,
  ...values,
});

function renderPage(answer: EsignVerification) {
  const fetchMock = mockFetch((path, init) =>
    path === VERIFY_PATH && init?.method === 'POST' ? jsonResponse({ data: answer }) : jsonResponse({}, 404),
  );
  const rendered = renderRoutes([{ path: '/verify/signature', element: <VerifySignaturePage /> }], {
    initialEntries: ['/verify/signature'],
  });
  return { ...rendered, fetchMock };
}

const pdf = () => new File(['%PDF-1.7 signed'], 'agreement.pdf', { type: 'application/pdf' });

describe('VerifySignaturePage', () => {
  it('sends the chosen PDF as multipart `file` and shows a valid result in green with the record', async () => {
    const { user, fetchMock } = renderPage(verification());
    expect(await screen.findByRole('heading', { name: 'Verify a signed agreement', level: 1 })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Signed agreement (PDF)'), pdf());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('MuiAlert-colorSuccess');
    expect(within(alert).getByText('Valid signed agreement')).toBeInTheDocument();
    expect(within(alert).getByText('Investment - Harbor Lofts')).toBeInTheDocument();
    expect(within(alert).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(alert).getByText(SHA)).toBeInTheDocument();

    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(VERIFY_PATH))!;
    const body = call[1]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('agreement.pdf');
  });

  it('says what failed for a broken seal, and shows the hash', async () => {
    const { fetchMock } = renderPage(verification({ sealIntact: false, matchesRecord: false, record: null, valid: false }));
    const zone = await screen.findByTestId('signed-file-drop');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf()] } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(within(alert).getByText('Not a valid signed agreement')).toBeInTheDocument();
    expect(within(alert).getByText(/The seal is broken: the file was changed after it was signed\./)).toBeInTheDocument();
    expect(within(alert).getByText(/has this file's fingerprint/)).toBeInTheDocument();
    expect(within(alert).getByText('Seal intact: no')).toBeInTheDocument();
    expect(within(alert).getByText('Digitally sealed: yes')).toBeInTheDocument();
    expect(within(alert).getByText(SHA)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(VERIFY_PATH))).toBe(true);
  });

  it('says an unsealed file carries no seal', async () => {
    const { user } = renderPage(
      verification({ sealed: false, sealIntact: false, sealedBy: null, matchesRecord: false, record: null, valid: false }),
    );
    await user.upload(await screen.findByLabelText('Signed agreement (PDF)'), pdf());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/The file carries no digital seal/)).toBeInTheDocument();
  });

  it('refuses a file that is not a PDF without sending it', async () => {
    const { fetchMock } = renderPage(verification());
    const zone = await screen.findByTestId('signed-file-drop');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect(await screen.findByText(NOT_A_PDF_TEXT)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(VERIFY_PATH))).toBe(false);
  });
});
