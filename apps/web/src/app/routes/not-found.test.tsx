import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { NotFoundPage } from './not-found.tsx';

describe('NotFoundPage', () => {
  it('shows the current address and the support hint', async () => {
    renderRoutes([{ path: '*', element: <NotFoundPage /> }], { initialEntries: ['/no/such/page?tab=2'] });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page?tab=2')).toBeInTheDocument();
    expect(screen.getByText('If you believe this is an error, please contact support.')).toBeInTheDocument();
  });
});
