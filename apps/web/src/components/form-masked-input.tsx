import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { MaskedInput, type MaskedInputProps } from './masked-input.tsx';

type FormMaskedInputProps<T extends FieldValues, TOut extends FieldValues = T> = Omit<
  MaskedInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'inputRef' | 'error' | 'helperText'
> & {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** Shown while the field has no error; the error message takes its place. */
  helperText?: ReactNode;
};

/** A MaskedInput (phone, zip, ssn…) bound to one field of a react-hook-form form, with its error message. */
export function FormMaskedInput<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  helperText,
  ...props
}: FormMaskedInputProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MaskedInput
          {...props}
          name={field.name}
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
