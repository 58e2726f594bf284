import { Button, Dialog, DialogActions, DialogContent, DialogTitle, type DialogProps, Stack, useMediaQuery, useTheme } from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';

interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** Closing by Escape, the backdrop or Cancel. */
  onClose?: () => void;
  onSubmit: FormEventHandler;
  maxWidth: DialogProps['maxWidth'];
  /** Full screen below the `sm` breakpoint. */
  fullScreenOnPhone?: boolean;
  /** The request is under way: Cancel is disabled and the submit button shows it loading. */
  pending: boolean;
  submitLabel: string;
  submitDisabled: boolean;
  /** The fields, stacked. */
  children: ReactNode;
  /** After the form, e.g. the unsaved-changes guard's dialog. */
  after?: ReactNode;
}

/** A dialog holding one form: a title, the fields, and Cancel with a submit button. */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  maxWidth,
  fullScreenOnPhone = false,
  pending,
  submitLabel,
  submitDisabled,
  children,
  after,
}: FormDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      {...(fullScreenOnPhone && { fullScreen: phone })}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Stack component="form" noValidate onSubmit={onSubmit} {...(fullScreenOnPhone && { sx: { minHeight: 0, flex: 1 } })}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <CancelSubmitActions onCancel={onClose} pending={pending} submitLabel={submitLabel} submitDisabled={submitDisabled} />
      </Stack>
      {after}
    </Dialog>
  );
}

interface CancelSubmitActionsProps {
  onCancel?: () => void;
  /** The request is under way: Cancel is disabled and the submit button shows it loading. */
  pending: boolean;
  submitLabel: string;
  submitDisabled: boolean;
  /** Submits on click; without it the button submits the form it stands in. */
  onSubmit?: () => void;
}

/** A dialog's Cancel and submit buttons. */
export function CancelSubmitActions({ onCancel, pending, submitLabel, submitDisabled, onSubmit }: CancelSubmitActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      {onSubmit ? (
        <Button variant="contained" onClick={onSubmit} disabled={submitDisabled} loading={pending}>
          {submitLabel}
        </Button>
      ) : (
        <Button type="submit" variant="contained" disabled={submitDisabled} loading={pending}>
          {submitLabel}
        </Button>
      )}
    </DialogActions>
  );
}
