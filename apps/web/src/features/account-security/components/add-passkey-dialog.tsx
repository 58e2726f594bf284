import { Dialog, DialogTitle, TextField, Typography } from '@mui/material';
import { passkeyRegisterBody } from '@tessera/domain';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { FormError } from '../../auth/index.ts';
import { useAddPasskey } from '../api/add-passkey.ts';
import { RecoveryCodesView } from './recovery-codes-view.tsx';

export const PASSKEY_ADDED = 'Passkey added';
const nameRule = passkeyRegisterBody.shape.name;

/** Adding a passkey: name it, then the browser makes it (fingerprint, face, PIN or a security key). */
export function AddPasskeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const codesTitleId = useId();
  const { name: tenantName } = useTenant();
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const checked = nameRule.safeParse(name);
  const nameError = touched && !checked.success ? checked.error.issues[0]?.message : undefined;

  const close = () => {
    setName('');
    setTouched(false);
    setCodes(null);
    add.reset();
    onClose();
  };

  const done = () => {
    enqueueSnackbar(PASSKEY_ADDED, { variant: 'success' });
    close();
  };

  const submit = () => {
    setTouched(true);
    if (!checked.success || add.isPending) return;
    add.mutate(checked.data, {
      // Told once the person is back on the page: a toast under the codes' dialog is hidden from screen readers.
      onSuccess: (result) => {
        if (result.recoveryCodes?.length) setCodes(result.recoveryCodes);
        else done();
      },
    });
  };

  if (codes)
    return (
      <Dialog open={open} fullWidth maxWidth="sm" aria-labelledby={codesTitleId}>
        <DialogTitle id={codesTitleId}>Save your recovery codes</DialogTitle>
        <RecoveryCodesView codes={codes} tenantName={tenantName} onDone={done} />
      </Dialog>
    );

  return (
    <FormDialog
      open={open}
      title="Add a passkey"
      onClose={() => !add.isPending && close()}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      maxWidth="xs"
      pending={add.isPending}
      submitLabel="Add passkey"
      submitDisabled={add.isPending}
    >
      <Typography variant="body2">
        A passkey signs you in with this device&apos;s fingerprint, face or PIN, or with a security key. Your browser will ask you to
        confirm.
      </Typography>
      <TextField
        label="Passkey name"
        placeholder="e.g. Work laptop"
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(nameError)}
        helperText={nameError ?? 'So you can tell your passkeys apart'}
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: 64 } }}
      />
      <FormError error={add.error} />
    </FormDialog>
  );
}
