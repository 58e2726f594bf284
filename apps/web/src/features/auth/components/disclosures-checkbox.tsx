import { Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface DisclosuresCheckboxProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
}

/** The terms/privacy agreement; the links open in a new tab so the form keeps its input. */
export function DisclosuresCheckbox<T extends FieldValues, TOut extends FieldValues>({ control, name }: DisclosuresCheckboxProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', mr: 0 }}
            control={
              <Checkbox
                name={field.name}
                checked={field.value === true}
                // Unchecked is undefined: the schema accepts only `true`.
                onChange={(e) => field.onChange(e.target.checked ? true : undefined)}
                onBlur={field.onBlur}
                sx={{ mt: -1 }}
              />
            }
            label={
              <>
                I agree to the{' '}
                <Link href="/terms" target="_blank" rel="noopener">
                  Terms
                </Link>{' '}
                and{' '}
                <Link href="/privacy" target="_blank" rel="noopener">
                  Privacy
                </Link>{' '}
                policies
              </>
            }
          />
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
