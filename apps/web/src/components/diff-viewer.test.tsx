import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DiffViewer } from './diff-viewer.tsx';

describe('DiffViewer', () => {
  it('shows each changed field with its old and new value', () => {
    render(
      <DiffViewer
        change={{ firstname: { old: 'Ann', new: 'Anna' }, tags: { old: null, new: ['vip'] }, active: { old: true, new: false } }}
      />,
    );
    expect(screen.getByText('firstname')).toBeInTheDocument();
    const olds = screen.getAllByRole('deletion').map((el) => el.textContent);
    const news = screen.getAllByRole('insertion').map((el) => el.textContent);
    expect(olds).toEqual(['Ann', '(empty)', 'true']);
    expect(news).toEqual(['Anna', '["vip"]', 'false']);
  });

  it('lists the values of a deleted record', () => {
    render(<DiffViewer deleted={{ title: 'CFO', equity: 25 }} />);
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    expect(screen.getAllByRole('deletion').map((el) => el.textContent)).toEqual(['CFO', '25']);
    expect(screen.queryByRole('insertion')).not.toBeInTheDocument();
  });

  it('says when nothing was recorded', () => {
    render(<DiffViewer />);
    expect(screen.getByText('No changes recorded')).toBeInTheDocument();
  });
});
