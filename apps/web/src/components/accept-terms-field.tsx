import { Checkbox, FormControlLabel } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** 'I agree to the terms and conditions', bound to a form field that is `true` when checked and undefined when not. */
export function AcceptTermsField<T extends FieldValues, TOut = T>({
  control,
  name,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              name={field.name}
              checked={field.value === true}
              // Unchecked is undefined: the schema accepts only `true`.
              onChange={(e) => field.onChange(e.target.checked ? true : undefined)}
            />
          }
          label="I agree to the terms and conditions"
        />
      )}
    />
  );
}
