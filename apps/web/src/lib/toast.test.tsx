import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useSnackbar } from './toast.tsx';

function Toaster({ messages }: { messages: string[] }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <button type="button" onClick={() => messages.forEach((message) => enqueueSnackbar(message, { variant: 'info' }))}>
      Notify
    </button>
  );
}

function renderToaster(messages: string[]) {
  render(
    <ToastProvider>
      <Toaster messages={messages} />
    </ToastProvider>,
  );
  return userEvent.setup({ delay: null });
}

/** The toasts on screen, in the order notistack stacks them. */
const toastTexts = () => screen.queryAllByRole('alert').map((toast) => toast.textContent);

describe('ToastProvider (§9)', () => {
  it('shows a message enqueued twice only once', async () => {
    const user = renderToaster(['Saved', 'Saved', 'Done']);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    // Toasts arrive in order: once the later one shows, the duplicate was dropped rather than still on its way.
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(toastTexts()).toEqual(expect.arrayContaining(['Saved', 'Done']));
    expect(screen.getAllByText('Saved')).toHaveLength(1);
  });

  it('shows at most 3 toasts at once, at the bottom centre', async () => {
    const user = renderToaster(['First', 'Second', 'Third', 'Fourth']);
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Third')).toBeInTheDocument();
    expect(toastTexts()).toHaveLength(3);
    expect(screen.queryByText('Fourth')).not.toBeInTheDocument();

    const container = screen.getByText('First').closest<HTMLElement>('.notistack-SnackbarContainer');
    expect(container).not.toBeNull();
    const style = getComputedStyle(container!);
    expect(style.left).toBe('50%');
    expect(style.transform).toBe('translateX(-50%)');
    expect(style.bottom).not.toBe('');
    expect(style.top).toBe('');
    expect(within(container!).getAllByRole('alert')).toHaveLength(3);
  });
});
