import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** An authenticator app's code: six digits (RFC 6238). */
export const TOTP_CODE_LENGTH = 6;

interface OneTimeCodeFieldProps {
  /** 'totp' takes six digits (the phone's keypad, the browser's one-time-code autofill); 'recovery' a saved recovery code. */
  kind: 'totp' | 'recovery';
  value: string;
  onChange: (value: string) => void;
  /** Called when the sixth digit arrives (typed or pasted): the second step submits by itself. */
  onComplete?: (code: string) => void;
  label?: string;
  helperText?: ReactNode;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The field a second factor's code is typed in. Built from its parts rather than TextField (as the auth forms' fields),
 * so the sign-in path does not carry Select and menus.
 */
export function OneTimeCodeField({
  kind,
  value,
  onChange,
  onComplete,
  label = kind === 'totp' ? 'Code' : 'Recovery code',
  helperText,
  error = false,
  disabled,
  autoFocus,
}: OneTimeCodeFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const totp = kind === 'totp';

  const change = (raw: string) => {
    // A pasted '123 456' or '123-456' is the same code; a recovery code keeps its dashes and is read without case.
    const next = totp ? raw.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH) : raw.slice(0, 32);
    onChange(next);
    if (totp && next.length === TOTP_CODE_LENGTH && next !== value) onComplete?.(next);
  };

  return (
    <FormControl fullWidth error={error} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={totp ? 'code' : 'recoveryCode'}
        value={value}
        onChange={(event) => change(event.target.value)}
        autoFocus={autoFocus}
        autoComplete={totp ? 'one-time-code' : 'off'}
        aria-describedby={helperText ? helperId : undefined}
        slotProps={{
          input: totp
            ? // No maxLength: the browser would cut a pasted '123 456' to '123 45' before the spaces are taken out.
              { inputMode: 'numeric', spellCheck: false }
            : { autoCapitalize: 'characters', spellCheck: false, maxLength: 32 },
        }}
        sx={{ '& input': { fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: totp ? '0.4em' : '0.1em' } }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
