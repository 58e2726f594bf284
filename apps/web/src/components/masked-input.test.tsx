import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { formSubmit } from '../lib/form-submit.ts';
import { CurrencyInput, MaskedInput, PercentInput } from './masked-input.tsx';

function Form({ onSubmit }: { onSubmit: (values: { phone: string; ssn: string; amount: number | null; equity: number | null }) => void }) {
  const { control, handleSubmit } = useForm({
    defaultValues: { phone: '', ssn: '', amount: null as number | null, equity: null as number | null },
  });
  return (
    <form onSubmit={formSubmit(handleSubmit(onSubmit))}>
      <Controller name="phone" control={control} render={({ field }) => <MaskedInput mask="phone" label="Phone" {...field} />} />
      <Controller name="ssn" control={control} render={({ field }) => <MaskedInput mask="ssn" label="SSN" {...field} />} />
      <Controller name="amount" control={control} render={({ field }) => <CurrencyInput label="Amount" {...field} />} />
      <Controller name="equity" control={control} render={({ field }) => <PercentInput label="Equity" {...field} />} />
      <button type="submit">Save</button>
    </form>
  );
}

function Controlled({ mask }: { mask: 'zip' | 'crd' | 'ein' | 'tin' }) {
  const [value, setValue] = useState('');
  return <MaskedInput mask={mask} label={mask} sensitive={false} value={value} onChange={setValue} />;
}

describe('masked inputs', () => {
  it('formats as typed and hands the values to react-hook-form', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone'), '5551234567');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
    await user.type(screen.getByLabelText('SSN'), '123456789');
    await user.type(screen.getByLabelText('Amount'), '1234567.891');
    expect(screen.getByLabelText('Amount')).toHaveValue('$1,234,567.89');
    await user.type(screen.getByLabelText('Equity'), '12.5');
    expect(screen.getByLabelText('Equity')).toHaveValue('12.5%');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { phone: '(555) 123-4567', ssn: '123-45-6789', amount: 1234567.89, equity: 12.5 },
      expect.anything(),
    );
  });

  it.each([
    ['zip', '123456', '12345'],
    ['crd', '12345678901', '1234567890'],
    ['ein', '123456789', '12-3456789'],
    ['tin', 'a1b2c3456789', '123-45-6789'],
  ] as const)('masks %s', async (mask, typed, shown) => {
    render(<Controlled mask={mask} />);
    await userEvent.type(screen.getByLabelText(mask), typed);
    expect(screen.getByLabelText(mask)).toHaveValue(shown);
  });

  it('keeps a percent within 100', async () => {
    const onChange = vi.fn();
    function Equity() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <PercentInput
          label="Equity"
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      );
    }
    render(<Equity />);
    // The keystroke that would pass 100 is refused.
    await userEvent.type(screen.getByLabelText('Equity'), '150');
    expect(screen.getByLabelText('Equity')).toHaveValue('15%');
    expect(onChange).toHaveBeenLastCalledWith(15);
    await userEvent.type(screen.getByLabelText('Equity'), '{Backspace}{Backspace}{Backspace}100', { skipClick: true });
    expect(screen.getByLabelText('Equity')).toHaveValue('100%');
    expect(onChange).toHaveBeenLastCalledWith(100);
  });

  it('keeps the caret in place when editing the middle and steps over literals on backspace', async () => {
    render(<Controlled mask="ein" />);
    const input = screen.getByLabelText('ein');
    const user = userEvent.setup();
    await user.type(input, '123456789');
    await user.type(input, '0', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input).toHaveValue('10-2345678');
    expect(input).toHaveProperty('selectionStart', 2);
    await user.type(input, '{Backspace}', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(input).toHaveValue('12-345678_');
    expect(input).toHaveProperty('selectionStart', 1);
  });

  it('groups an amount as typed, keeps the caret after the digit typed, and holds the number (issue #17, item 6)', async () => {
    const onChange = vi.fn();
    function Amount() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <CurrencyInput
          label="Amount"
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      );
    }
    render(<Amount />);
    const input = screen.getByLabelText('Amount');
    const user = userEvent.setup();
    await user.type(input, '1000000');
    expect(input).toHaveValue('$1,000,000');
    expect(input).toHaveProperty('selectionStart', '$1,000,000'.length);
    expect(onChange).toHaveBeenLastCalledWith(1_000_000);
    // A digit typed in the middle: the separators move, the caret stays right after the new digit.
    await user.type(input, '5', { initialSelectionStart: 2, initialSelectionEnd: 2, skipClick: true });
    expect(input).toHaveValue('$15,000,000');
    expect(input).toHaveProperty('selectionStart', 3);
    expect(onChange).toHaveBeenLastCalledWith(15_000_000);
    await user.type(input, '.5', { skipClick: true, initialSelectionStart: 11, initialSelectionEnd: 11 });
    expect(input).toHaveValue('$15,000,000.5');
    expect(onChange).toHaveBeenLastCalledWith(15_000_000.5);
  });

  it('shows a loaded number formatted and clears to null', async () => {
    const onChange = vi.fn();
    function Amount() {
      const [value, setValue] = useState<number | null>(2500);
      return (
        <CurrencyInput
          label="Amount"
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      );
    }
    render(<Amount />);
    expect(screen.getByLabelText('Amount')).toHaveValue('$2,500');
    await userEvent.clear(screen.getByLabelText('Amount'));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('hides sensitive values until revealed', async () => {
    render(<Form onSubmit={vi.fn()} />);
    const ssn = screen.getByLabelText('SSN');
    expect(ssn).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Show value' }));
    expect(ssn).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide value' }));
    expect(ssn).toHaveAttribute('type', 'password');
  });
});
