import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogErrorPanel } from './dialog-error-panel.tsx';

describe('DialogErrorPanel', () => {
  it("shows the error's message under the title 'Error' and closes", async () => {
    const onClose = vi.fn();
    render(<DialogErrorPanel error={new Error('Upload failed')} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Upload failed');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays closed without an error', () => {
    render(<DialogErrorPanel error={null} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
