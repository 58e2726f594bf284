import { Autocomplete, TextField } from '@mui/material';
import { COUNTRIES } from '@tessera/domain';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A country chosen by name, held as its code (default US). */
export function CountryField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={COUNTRIES}
          disabled={disabled}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          value={COUNTRIES.find((c) => c.code === field.value) ?? null}
          onChange={(_event, option) => field.onChange(option?.code ?? undefined)}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label="Country"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
      )}
    />
  );
}
