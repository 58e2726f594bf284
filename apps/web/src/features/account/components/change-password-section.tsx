import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Alert, AlertTitle, Button, Grid, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { usePasswordUpdate } from '../api/password-update.ts';
import { SectionCard } from './section-card.tsx';

/** §4: transient messages clear after 2.5 seconds. */
const TRANSIENT_MS = 2500;

/** Shows `value` and clears it TRANSIENT_MS after it last changed. */
function useTransient<T>(value: T | null): T | null {
  const [shown, setShown] = useState<{ value: T | null; key: T | null }>({ value, key: value });
  if (shown.key !== value) setShown({ value, key: value });
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setShown((s) => (s.key === value ? { ...s, value: null } : s)), TRANSIENT_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return shown.value;
}

/** One password entry of the form, half the row from sm up; all three show or hide together. */
function PasswordField({
  label,
  autoComplete,
  visible,
  value,
  onChange,
  endAdornment,
}: {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  visible: boolean;
  value: string;
  onChange: (value: string) => void;
  endAdornment?: ReactNode;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        fullWidth
        label={label}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        slotProps={endAdornment ? { input: { endAdornment } } : undefined}
      />
    </Grid>
  );
}

/**
 * Change Password: enabled only when both new entries are equal and non-empty (§4, §5) and the current password is
 * filled (issue #21: a stolen session alone cannot change it).
 */
export function ChangePasswordSection() {
  const { enqueueSnackbar } = useSnackbar();
  const update = usePasswordUpdate();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const matches = password !== '' && password === confirm;
  const ready = matches && current !== '';
  const verdict = password === '' && confirm === '' ? null : confirm === '' ? null : matches ? 'match' : 'mismatch';
  const message = useTransient(verdict === null ? null : `${verdict}:${password}:${confirm}`);

  const onSubmit = () =>
    update.mutate(
      { currentPassword: current, newPassword: password },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setConfirm('');
          enqueueSnackbar('Password updated', { variant: 'success' });
        },
        onError: () => enqueueSnackbar('Unable to update password', { variant: 'error' }),
      },
    );

  const adornment = (
    <InputAdornment position="end">
      <IconButton
        aria-label={visible ? 'Hide passwords' : 'Show passwords'}
        onClick={() => setVisible((v) => !v)}
        onMouseDown={(e) => e.preventDefault()}
        edge="end"
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );

  return (
    <SectionCard
      title="Change Password"
      subtitle={`Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters. Your other sessions will be signed out.`}
    >
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onSubmit();
        }}
      >
        <Grid container spacing={2}>
          <PasswordField label="Current password" autoComplete="current-password" visible={visible} value={current} onChange={setCurrent} />
          <Grid size={{ xs: 12, sm: 6 }} sx={{ display: { xs: 'none', sm: 'block' } }} />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            visible={visible}
            value={password}
            onChange={setPassword}
            endAdornment={adornment}
          />
          <PasswordField label="Confirm password" autoComplete="new-password" visible={visible} value={confirm} onChange={setConfirm} />
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography
            role="status"
            variant="body2"
            sx={{ minHeight: 20, color: message?.startsWith('match') ? 'success.main' : 'error.main' }}
          >
            {message ? (message.startsWith('match') ? 'Passwords match' : 'Passwords do not match') : ''}
          </Typography>
          <Button type="submit" variant="contained" disabled={!ready} loading={update.isPending}>
            Change Password
          </Button>
        </Stack>
        {update.error && (
          <Alert severity="error" role="alert">
            <AlertTitle>{update.error instanceof ApiError ? update.error.name : 'Error'}</AlertTitle>
            {errorMessage(update.error)}
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
