import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { ErrorBlock } from './error-block.tsx';

describe('ErrorBlock', () => {
  it('shows the title and retries', async () => {
    const onRetry = vi.fn();
    render(<ErrorBlock error={new Error('boom')} onRetry={onRetry} />);
    // The block's code loads when a failure is shown (error-block.tsx).
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('hides Try again without a retry handler', async () => {
    render(<ErrorBlock error={new Error('boom')} />);
    await screen.findByRole('button', { name: 'Reload' });
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('toggles the error name and message', async () => {
    render(<ErrorBlock error={new TypeError('bad input')} title="Could not load" />);
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    expect(screen.queryByText('bad input')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByText('TypeError')).toBeInTheDocument();
    expect(screen.getByText('bad input')).toBeInTheDocument();
  });

  it.each([[null], [undefined], [42], ['plain text'], [{ message: 'object error' }], [Object.create(null)]])(
    'never throws on an odd error value (%o)',
    async (error) => {
      render(<ErrorBlock error={error} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Show details' }));
      expect(screen.getByRole('button', { name: 'Hide details' })).toBeInTheDocument();
    },
  );

  it("shows the not-found page for the API's 404, not 'Something went wrong'", () => {
    const error = new ApiError({ type: 'not-found', name: 'NotFoundError', message: 'Offer not found', status: 404 });
    render(
      <MemoryRouter initialEntries={['/institution/offers/abc']}>
        <ErrorBlock error={error} onRetry={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('/institution/offers/abc')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
