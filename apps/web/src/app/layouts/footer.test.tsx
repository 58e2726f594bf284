import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { Footer } from './footer.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Footer', () => {
  it('shows the copyright, the Terms and Privacy links and the social links', async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes([{ path: '*', element: <Footer /> }], { initialEntries: ['/offers'] });
    expect(await screen.findByText(`© ${new Date().getFullYear()} Tessera`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    for (const name of ['LinkedIn', 'X', 'YouTube']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });
});
