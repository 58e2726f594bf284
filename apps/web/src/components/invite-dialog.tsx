import { MenuItem, Stack } from '@mui/material';
import { type BaseSyntheticEvent, type ReactNode } from 'react';
import { type Control, type UseFormReturn, useWatch } from 'react-hook-form';
import { formSubmit } from '../lib/form-submit.ts';
import { FormTextField } from './form-text-field.tsx';
import { useUnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { FormDialog } from './form-dialog.tsx';

/** The fields every invite form has: e-mail, first and last name, a role and an optional expiry day ('' for none). */
export interface InviteFormFields {
  email: string;
  firstname: string;
  lastname: string;
  role?: string;
  expiresOn: string;
}

export interface InviteRoleOption {
  value: string;
  label: string;
}

interface InviteDialogProps<T extends InviteFormFields> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The caller's form; closing resets it to `empty`. */
  form: UseFormReturn<T>;
  empty: T;
  roles: readonly InviteRoleOption[];
  /** The invite request is under way: no closing, no second submit. */
  pending: boolean;
  /** `form.handleSubmit(…)`; on success it resets the form and closes. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Further fields, between the role and the expiry. */
  children?: ReactNode;
}

/**
 * An invite dialog: e-mail, first and last name, role and an optional expiry, with Cancel and Invite. The submit stays
 * disabled unless email and role are present (002 §5); a dirty form asks before the page is left.
 */
export function InviteDialog<T extends InviteFormFields>({
  title,
  open,
  onClose,
  form,
  empty,
  roles,
  pending,
  onSubmit,
  children,
}: InviteDialogProps<T>) {
  // T extends InviteFormFields, so these fields are there whatever else the form holds.
  const control = form.control as unknown as Control<InviteFormFields>;
  const values = useWatch({ control });
  const guard = useUnsavedChangesGuard(open && form.formState.isDirty && !pending);
  const canSubmit = Boolean(values.email?.trim()) && Boolean(values.role) && !pending;

  const close = () => {
    if (pending) return;
    form.reset(empty);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title={title}
      onClose={close}
      onSubmit={formSubmit(onSubmit)}
      maxWidth="sm"
      fullScreenOnPhone
      pending={pending}
      submitLabel="Invite"
      submitDisabled={!canSubmit}
      after={guard}
    >
      <FormTextField control={control} name="email" type="email" label="Email" required fullWidth autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="firstname" label="First name" required fullWidth />
        <FormTextField control={control} name="lastname" label="Last name" required fullWidth />
      </Stack>
      <FormTextField control={control} name="role" select label="Role" required fullWidth>
        {roles.map((role) => (
          <MenuItem key={role.value} value={role.value}>
            {role.label}
          </MenuItem>
        ))}
      </FormTextField>
      {children}
      <FormTextField
        control={control}
        name="expiresOn"
        type="date"
        label="Expires"
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
        helperText="Leave blank for no expiration"
      />
    </FormDialog>
  );
}
