import { Autocomplete, Chip, TextField } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface LeadLabelsFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
}

/** Interests or tags: free text typed and added with Enter, shown as chips. */
export function LeadLabelsField<T extends FieldValues>({ control, name, label }: LeadLabelsFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={(field.value as string[] | undefined) ?? []}
          onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
          onBlur={field.onBlur}
          renderValue={(value, getItemProps) =>
            value.map((item, index) => <Chip {...getItemProps({ index })} key={item} label={item} size="small" />)
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              helperText={fieldState.error?.message ?? 'Press Enter to add'}
              error={Boolean(fieldState.error)}
            />
          )}
        />
      )}
    />
  );
}
