import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useConfirm } from './use-confirm.tsx';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it("defaults to 'Cancel' and 'Ok'", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog open title="Archive offer?" message="It leaves the marketplace." onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Archive offer?' })).toHaveTextContent('It leaves the marketplace.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('takes its own labels', () => {
    render(
      <ConfirmDialog open destructive title="Delete?" confirmLabel="Delete" cancelLabel="Keep" onConfirm={vi.fn()} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
  });

  it('keeps the buttons busy while onConfirm is pending, then closes', async () => {
    const pending = deferred();
    const onClose = vi.fn();
    render(<ConfirmDialog open title="Delete?" onConfirm={() => pending.promise} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('button', { name: /Ok/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    pending.resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('stays open and shows the error when onConfirm fails', async () => {
    const onClose = vi.fn();
    render(<ConfirmDialog open title="Delete?" onConfirm={() => Promise.reject(new Error('Failed to delete Jane'))} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Failed to delete Jane')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ok' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('useConfirm', () => {
  function DeleteButton({ onDelete }: { onDelete: () => void }) {
    const { confirm, confirmDialog } = useConfirm();
    return (
      <>
        <button type="button" onClick={() => confirm({ title: 'Are you sure you want to delete this stakeholder?', onConfirm: onDelete })}>
          Delete
        </button>
        {confirmDialog}
      </>
    );
  }

  it('opens the dialog from a handler and runs onConfirm on Ok', async () => {
    const onDelete = vi.fn();
    render(<DeleteButton onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to delete this stakeholder?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
