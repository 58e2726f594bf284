import { TextField, Typography } from '@mui/material';
import { isValidEmail } from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useGrantDocumentAccess } from '../../documents/index.ts';

/** 001 §8: the helper text of a malformed e-mail on this side of the product. */
const INVALID_EMAIL = 'Invalid email';

interface ShareCertificateDialogProps {
  open: boolean;
  onClose: () => void;
  /** The approval letter (a document id) whose access is granted. */
  documentId: string;
}

/**
 * 001 §2: sharing the accreditation certificate grants the person at an e-mail address read access to the approval
 * document (the documents feature's access grants: a known member is granted, an unknown address is invited).
 */
export function ShareCertificateDialog({ open, onClose, documentId }: ShareCertificateDialogProps) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const grant = useGrantDocumentAccess(documentId);
  const { enqueueSnackbar } = useSnackbar();
  const valid = isValidEmail(email);
  const showError = touched && email.trim() !== '' && !valid;

  const close = () => {
    if (grant.isPending) return;
    setEmail('');
    setTouched(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    grant.mutate(
      { subjectEmail: email.trim(), role: 'viewer' },
      {
        onSuccess: (g) => {
          enqueueSnackbar(
            g.subjectSignupStatus === 'partial' ? `Invitation sent to ${g.subjectEmail}` : `Certificate shared with ${g.subjectEmail}`,
            { variant: 'success' },
          );
          setEmail('');
          setTouched(false);
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Share your accreditation certificate"
      onClose={close}
      onSubmit={submit}
      maxWidth="xs"
      pending={grant.isPending}
      submitLabel="Share"
      submitDisabled={!valid}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The person can view and download your approval letter. Someone without an account gets an invitation by e-mail.
      </Typography>
      <TextField
        label="Email"
        type="email"
        value={email}
        autoFocus
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => setTouched(true)}
        error={showError}
        helperText={showError ? INVALID_EMAIL : ' '}
        slotProps={{ htmlInput: { autoComplete: 'email' } }}
      />
    </FormDialog>
  );
}
