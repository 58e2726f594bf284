import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { FormError } from './form-error.tsx';

describe('FormError (§8)', () => {
  it("shows the error's message", () => {
    render(<FormError error={new ApiError({ type: 'unavailable', name: 'NetworkError', message: 'unknown network error', status: 0 })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('unknown network error');
  });

  it.each([
    ['an error with no message', new Error('')],
    ['an error with a blank message', new Error('   ')],
    ['a blank thrown string', '  '],
    ['a thrown object', { code: 42 }],
  ])("falls back to 'an unexpected error occured' for %s", (_, error) => {
    render(<FormError error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^an unexpected error occured$/);
  });
});
