import { Button, IconButton } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { closedTooltipProps, DeferredTooltip } from './deferred-tooltip.tsx';

describe('DeferredTooltip', () => {
  // The test set-up has loaded MUI's Tooltip (src/test/setup.ts): this is the tooltip once loaded.
  it('names its child and shows the tooltip on hover', async () => {
    render(
      <>
        <DeferredTooltip title="Account">
          <IconButton>A</IconButton>
        </DeferredTooltip>
        <DeferredTooltip title="Time left in your session." describeChild>
          <Button>4:59</Button>
        </DeferredTooltip>
      </>,
    );
    expect(screen.getByRole('button', { name: '4:59' })).toHaveAttribute('title', 'Time left in your session.');
    await userEvent.hover(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Account');
  });

  it("gives the child, before the Tooltip has loaded, the Tooltip's name or description, its own winning", () => {
    expect(closedTooltipProps({ title: 'Account' }, {})).toEqual({ 'aria-label': 'Account' });
    expect(closedTooltipProps({ title: 'Switch institution' }, { 'aria-label': 'Switch' })).toEqual({ 'aria-label': 'Switch' });
    expect(closedTooltipProps({ title: 'Time left.', describeChild: true }, {})).toEqual({ title: 'Time left.' });
    expect(closedTooltipProps({ title: <b>Rich</b> }, {})).toEqual({ 'aria-label': undefined });
  });
});
