import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderRoutes } from '../../../test/render.tsx';
import { PasswordField } from './password-field.tsx';

const schema = z.object({ password: z.string() });

function Form() {
  const { control } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  return <PasswordField control={control} name="password" label="Password" />;
}

// ASVS 6.2.6: what is typed stays masked until the person asks to see it.
describe('PasswordField', () => {
  it('is a password input, shown as text only while the person toggles it', async () => {
    renderRoutes([{ path: '/', element: <Form /> }]);
    const input = await screen.findByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: /show password/i }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: /hide password/i }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
