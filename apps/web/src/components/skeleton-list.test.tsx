import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkeletonList } from './skeleton-list.tsx';

describe('SkeletonList', () => {
  it('shows 10 placeholder rows by default', () => {
    render(<SkeletonList />);
    const list = screen.getByRole('progressbar', { name: 'Loading' });
    expect(within(list).getAllByTestId('skeleton-row')).toHaveLength(10);
  });

  it('takes a row count and a label', () => {
    render(<SkeletonList rows={3} label="Loading members" />);
    expect(within(screen.getByRole('progressbar', { name: 'Loading members' })).getAllByTestId('skeleton-row')).toHaveLength(3);
  });
});
