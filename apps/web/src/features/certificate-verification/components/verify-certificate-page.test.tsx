import { screen } from '@testing-library/react';
import type { CertificateVerification } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { VerifyCertificatePage } from './verify-certificate-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const CODE = 'TSR-7K4M-9Q2X';
const certificate = (values: Partial<CertificateVerification> = {}): CertificateVerification => ({
  code: CODE,
  name: 'Ivan Investor',
  status: 'valid',
  issuedAt: '2026-11-25T15:20:00.000Z',
  expiresAt: '2027-11-25T15:20:00.000Z',
  issuer: 'Acme Capital',
  ...values,
});
const notFound = () =>
  jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'No certificate has this code', status: 404 } }, 404);

function renderPage(path: string, answer: (code: string) => Response) {
  const fetchMock = mockFetch((url) => {
    const code = /^\/api\/v1\/certificate\/([^/?]+)$/.exec(url)?.[1];
    return code ? answer(decodeURIComponent(code)) : jsonResponse({}, 404);
  });
  const rendered = renderRoutes(
    [
      { path: '/verify', element: <VerifyCertificatePage /> },
      { path: '/verify/:code', element: <VerifyCertificatePage /> },
    ],
    { initialEntries: [path] },
  );
  return { fetchMock, ...rendered };
}

describe('VerifyCertificatePage', () => {
  it('shows a valid certificate: name, status, dates and issuer', async () => {
    renderPage(`/verify/${CODE}`, () => jsonResponse({ data: certificate() }));
    const result = await screen.findByRole('region', { name: 'Accreditation certificate' });
    expect(result).toHaveTextContent('Valid');
    expect(result).toHaveTextContent('Ivan Investor');
    expect(result).toHaveTextContent('Acme Capital');
    expect(result).toHaveTextContent('Nov 25, 2026');
    expect(result).toHaveTextContent('Valid until');
    expect(result).toHaveTextContent('Nov 25, 2027');
    expect(screen.getByRole('heading', { level: 1, name: 'Verify an accreditation certificate' })).toBeInTheDocument();
  });

  it.each([
    ['expired', 'Expired', 'past its one-year validity'],
    ['revoked', 'Revoked', 'withdrew this certificate'],
  ] as const)('shows a %s certificate as %s', async (status, label, text) => {
    renderPage(`/verify/${CODE}`, () => jsonResponse({ data: certificate({ status }) }));
    const result = await screen.findByRole('region', { name: 'Accreditation certificate' });
    expect(result).toHaveTextContent(label);
    expect(result).toHaveTextContent(text);
  });

  it('says clearly when no certificate has the code', async () => {
    renderPage('/verify/TSR-AAAA-BBBB', notFound);
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
    expect(screen.getByText(/No certificate has the code TSR-AAAA-BBBB/)).toBeInTheDocument();
  });

  it('opened without a code, checks the typed one (any case) and refuses a malformed one', async () => {
    const { user, fetchMock } = renderPage('/verify', () => jsonResponse({ data: certificate() }));
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    await fill(user, input, 'nonsense');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('A certificate code looks like TSR-XXXX-XXXX')).toBeInTheDocument();
    const certificateCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/certificate/'));
    expect(certificateCalls()).toEqual([]);
    await user.clear(input);
    await fill(user, input, 'tsr-7k4m-9q2x');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('region', { name: 'Accreditation certificate' })).toHaveTextContent('Ivan Investor');
    expect(String(certificateCalls()[0]?.[0])).toContain(`/api/v1/certificate/${CODE}`);
  });
});
