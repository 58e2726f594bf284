import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tessera/domain';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field.tsx';

const NEW_PASSWORD_HELP = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;

type PasswordFieldProps<T extends FieldValues, TOut extends FieldValues> = FormTextFieldProps<T, TOut> & {
  /** A password being chosen rather than typed from memory: length hint and browser autofill to match. */
  isNew?: boolean;
};

/** A password field with a show/hide toggle. */
export function PasswordField<T extends FieldValues, TOut extends FieldValues>({ isNew = false, ...props }: PasswordFieldProps<T, TOut>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      autoComplete={isNew ? 'new-password' : 'current-password'}
      helperText={isNew ? NEW_PASSWORD_HELP : undefined}
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(e) => e.preventDefault()}
            edge="end"
            disabled={props.disabled}
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
