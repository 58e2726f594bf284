import { Autocomplete, Chip, TextField } from '@mui/material';
import { apiKeyCreateBody, API_KEY_ORIGINS_MAX } from '@tessera/domain';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A typed origin as the domain accepts it, or the domain's reason to refuse it. */
function checkOrigin(typed: string, current: readonly string[]): { origin: string } | { error: string } {
  // A trailing slash is how origins are usually copied from the address bar; the origin itself has none.
  const origin = typed.trim().replace(/\/$/, '');
  const parsed = apiKeyCreateBody.shape.allowedOrigins.safeParse([...current, origin]);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Not a valid origin' };
  return { origin };
}

interface AllowedOriginsFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
}

/** A public key's allowed origins as chips: each typed origin is checked when added (Enter or leaving the field). */
export function AllowedOriginsField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
}: AllowedOriginsFieldProps<T, TOut>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as string[] | undefined) ?? [];
        const add = () => {
          if (!text.trim()) return;
          const checked = checkOrigin(text, value);
          if ('error' in checked) {
            setError(checked.error);
            return;
          }
          if (!value.includes(checked.origin)) field.onChange([...value, checked.origin]);
          setText('');
          setError(null);
        };
        const message = error ?? fieldState.error?.message;
        return (
          <Autocomplete
            multiple
            freeSolo
            options={[]}
            value={value}
            inputValue={text}
            onInputChange={(_e, next, reason) => {
              if (reason === 'input' || reason === 'clear') setText(next);
              if (reason === 'input') setError(null);
            }}
            // Enter on typed text arrives as a new value: checked by add(), never taken as it is.
            onChange={(_e, next, reason) => {
              if (reason === 'createOption') add();
              else field.onChange(next);
            }}
            onBlur={() => {
              add();
              field.onBlur();
            }}
            renderValue={(origins, getItemProps) =>
              origins.map((origin, index) => <Chip {...getItemProps({ index })} key={origin} label={origin} size="small" />)
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="Allowed origins"
                placeholder={value.length === 0 ? 'https://www.example.com' : undefined}
                error={Boolean(message)}
                helperText={
                  message ??
                  `The sites whose pages may use this key (scheme and host, such as https://www.example.com), up to ${API_KEY_ORIGINS_MAX}. Press Enter to add each.`
                }
              />
            )}
          />
        );
      }}
    />
  );
}
