import { InputAdornment, TextField } from '@mui/material';

export type NumberUnit = '%' | '$' | 'months' | 'x';

/** A number typed as text (so partial input such as '12.' survives), with its unit beside it. */
export function NumberInput({
  label,
  value,
  onChange,
  unit,
  required = false,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit?: NumberUnit;
  required?: boolean;
  error?: string;
  helperText?: string;
}) {
  return (
    <TextField
      label={label}
      required={required}
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^\d.,-]/g, ''))}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: {
          ...(unit === '$' && { startAdornment: <InputAdornment position="start">$</InputAdornment> }),
          ...(unit && unit !== '$' && { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }),
        },
      }}
    />
  );
}

/** The number a field holds: '' is none, thousands separators are ignored, anything else unreadable is NaN (the schema refuses it). */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (cleaned === '') return null;
  return Number(cleaned);
}
export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
