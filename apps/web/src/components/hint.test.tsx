import { Button, IconButton } from '@mui/material';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Hint } from './hint.tsx';

const hidden = (hint: HTMLElement) => getComputedStyle(hint).display === 'none';

describe('Hint', () => {
  it('describes its control, and shows on keyboard focus until Escape', async () => {
    const user = userEvent.setup();
    render(
      <Hint title="Time left in your session. Click to extend it." describeChild>
        <Button>12:00</Button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: '12:00' });
    expect(button).toHaveAccessibleDescription('Time left in your session. Click to extend it.');
    const hint = screen.getByRole('tooltip', { hidden: true });
    expect(hidden(hint)).toBe(true);

    await user.tab();
    expect(button).toHaveFocus();
    expect(hidden(hint)).toBe(false);
    await user.keyboard('{Escape}');
    expect(hidden(hint)).toBe(true);
    await user.tab();
    expect(hidden(hint)).toBe(true);
  });

  it('shows a moment after the mouse arrives, and not for a touch', async () => {
    const user = userEvent.setup();
    render(
      <Hint title="Account">
        <IconButton aria-label="AB Account menu">AB</IconButton>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'AB Account menu' });
    // Only seen: the control keeps its own name and gets no description.
    expect(button).not.toHaveAccessibleDescription();
    const hint = screen.getByRole('tooltip', { hidden: true });
    expect(hint).toHaveAttribute('aria-hidden', 'true');

    fireEvent.pointerEnter(button.parentElement!, { pointerType: 'touch' });
    await new Promise((done) => setTimeout(done, 150));
    expect(hidden(hint)).toBe(true);

    await user.hover(button);
    await waitFor(() => expect(hidden(hint)).toBe(false));
    await user.unhover(button);
    expect(hidden(hint)).toBe(true);
  });

  it('does not show when a click focuses its control', async () => {
    const user = userEvent.setup();
    render(
      <Hint title="Account" describeChild>
        <Button>AB</Button>
      </Hint>,
    );
    await user.keyboard('{Shift}');
    const hint = screen.getByRole('tooltip', { hidden: true });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'AB' }));
    screen.getByRole('button', { name: 'AB' }).focus();
    expect(hidden(hint)).toBe(true);
  });

  it('hides when its control is clicked', async () => {
    const user = userEvent.setup();
    render(
      <Hint title="Switch institution">
        <IconButton aria-label="Switch institution">S</IconButton>
      </Hint>,
    );
    const hint = screen.getByRole('tooltip', { hidden: true });
    await user.hover(screen.getByRole('button', { name: 'Switch institution' }));
    await waitFor(() => expect(hidden(hint)).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Switch institution' }));
    expect(hidden(hint)).toBe(true);
  });
});
