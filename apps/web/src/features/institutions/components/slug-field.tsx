import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import { CircularProgress, InputAdornment, TextField } from '@mui/material';
import { SLUG_INVALID, SLUG_TAKEN, type SlugState } from './use-slug-check.ts';

interface SlugFieldProps {
  value: string;
  onChange: (value: string) => void;
  state: SlugState;
  /** Shown while the slug is fine. */
  help: string;
  disabled?: boolean;
  /** A server error for the field. */
  error?: string;
}

/** The slug input with its availability shown as an icon and in the helper text. */
export function SlugField({ value, onChange, state, help, disabled, error }: SlugFieldProps) {
  const text =
    error ?? (state === 'invalid' ? SLUG_INVALID : state === 'taken' ? SLUG_TAKEN : state === 'available' ? `Available. ${help}` : help);
  const icon =
    state === 'checking' ? (
      <CircularProgress size={16} aria-label="Checking availability" />
    ) : state === 'taken' ? (
      <ErrorOutlined color="error" fontSize="small" aria-label="Taken" />
    ) : state === 'available' ? (
      <CheckCircle color="success" fontSize="small" aria-label="Available" />
    ) : null;
  return (
    <TextField
      label="Slug"
      required
      fullWidth
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error) || state === 'invalid' || state === 'taken'}
      helperText={text}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: { endAdornment: icon ? <InputAdornment position="end">{icon}</InputAdornment> : undefined },
      }}
    />
  );
}
