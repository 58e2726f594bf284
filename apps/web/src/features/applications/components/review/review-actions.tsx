import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { applicationStatusBody, REVIEW_NOTE_MAX, type ApplicationDecision } from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { PlainSectionCard } from '../../../../components/section-card.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { useUpdateApplicationStatus } from '../../api/update-application-status.ts';

const TEXT: Record<ApplicationDecision, { title: string; submit: string; done: string; helper: string }> = {
  approved: {
    title: 'Approve the application',
    submit: 'Approve',
    done: 'Application approved',
    helper: 'Optional: what the decision rests on. The applicant reads it.',
  },
  rejected: {
    title: 'Reject the application',
    submit: 'Reject',
    done: 'Application rejected',
    helper: 'Required: why the application is rejected. The applicant reads it.',
  },
};

function ReviewDialog({ applicationId, decision, onClose }: { applicationId: string; decision: ApplicationDecision; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateApplicationStatus(applicationId);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const text = TEXT[decision];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = applicationStatusBody.safeParse({ status: decision, ...(note.trim() && { note }) });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? 'Check the note');
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        enqueueSnackbar(text.done, { variant: 'success' });
        onClose();
      },
    });
  };

  return (
    <FormDialog
      open
      title={text.title}
      onClose={update.isPending ? undefined : onClose}
      onSubmit={submit}
      maxWidth="sm"
      fullScreenOnPhone
      pending={update.isPending}
      submitLabel={text.submit}
      submitDisabled={false}
    >
      <TextField
        label="Note"
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setNoteError(null);
        }}
        required={decision === 'rejected'}
        multiline
        minRows={4}
        autoFocus
        error={noteError !== null}
        helperText={noteError ?? `${text.helper} ${note.length}/${REVIEW_NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: REVIEW_NOTE_MAX } }}
      />
      {update.error && <Alert severity="error">{errorMessage(update.error)}</Alert>}
    </FormDialog>
  );
}

/** Approve or reject a submitted application, with a note (required to reject); the reviewer and time are recorded. */
export function ReviewActions({ applicationId }: { applicationId: string }) {
  const [decision, setDecision] = useState<ApplicationDecision | null>(null);
  return (
    <PlainSectionCard title="Review">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The application is submitted and waits for your decision. An approval is valid for one year.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" color="success" startIcon={<Check />} onClick={() => setDecision('approved')}>
          Approve
        </Button>
        <Button variant="outlined" color="error" startIcon={<Close />} onClick={() => setDecision('rejected')}>
          Reject
        </Button>
      </Stack>
      {decision && <ReviewDialog key={decision} applicationId={applicationId} decision={decision} onClose={() => setDecision(null)} />}
    </PlainSectionCard>
  );
}
