import { TextField } from '@mui/material';
import { LEAD_LIMITS, leadNoteBody } from '@tessera/domain';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { preventedSubmit } from '../../../lib/form-submit.ts';

interface LeadNoteDialogProps {
  open: boolean;
  title: 'Add note' | 'Edit note';
  /** The note's text when the dialog opens ('' for a new one). */
  initial: string;
  pending: boolean;
  onClose: () => void;
  /** Sends the note; resolves true once saved, so the dialog clears before it closes. */
  onSave: (content: string) => Promise<boolean>;
}

/** A note's text (002 §5): Save stays disabled while it is empty or only whitespace, or unchanged. */
export function LeadNoteDialog({ open, title, initial, pending, onClose, onSave }: LeadNoteDialogProps) {
  const [content, setContent] = useState(initial);
  const dirty = content !== initial;
  const guard = useUnsavedChangesGuard(open && dirty && !pending);
  const parsed = leadNoteBody.safeParse({ content });
  const tooLong = content.length > LEAD_LIMITS.noteMax;

  const close = () => {
    if (pending) return;
    setContent(initial);
    onClose();
  };

  const save = async () => {
    if (!parsed.success || !dirty) return;
    if (await onSave(content)) setContent(initial);
  };

  return (
    <FormDialog
      open={open}
      title={title}
      onClose={close}
      onSubmit={preventedSubmit(() => void save())}
      maxWidth="sm"
      fullScreenOnPhone
      pending={pending}
      submitLabel="Save"
      submitDisabled={!parsed.success || !dirty}
      after={guard}
    >
      <TextField
        label="Note"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        multiline
        minRows={4}
        maxRows={16}
        fullWidth
        autoFocus
        required
        error={tooLong}
        helperText={tooLong ? parsed.error?.issues[0]?.message : "Seen by everyone on the institution's team"}
      />
    </FormDialog>
  );
}
