import { MenuItem, Stack } from '@mui/material';
import { expiryFromDay } from '@tessera/domain';
import type { ReactNode } from 'react';
import { type Control, type DefaultValues, type Resolver, useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../lib/api-client.ts';
import { formSubmit } from '../lib/form-submit.ts';
import { useSnackbar } from '../lib/toast.tsx';
import { usePlanLimitAction } from '../lib/use-plan-limit-action.tsx';
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

interface InviteDialogProps<T extends InviteFormFields, R> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The form's resolver, e.g. `zodResolver(schema)`. */
  resolver: Resolver<T>;
  /** The form's values at the start and after closing or inviting. */
  empty: T;
  roles: readonly InviteRoleOption[];
  /** The invite mutation; it is sent the form's values with the expiry day as `expiresAt`. */
  invite: {
    mutate: (
      body: Omit<T, 'expiresOn'> & { expiresAt: string | null },
      options: { onSuccess: (invited: R) => void; onError: (error: unknown) => void },
    ) => void;
    isPending: boolean;
  };
  successMessage: (invited: R) => string;
  /** Called after a successful invite, before the dialog closes. */
  onInvited?: (invited: R) => void;
  /** Further fields, between the role and the expiry. */
  children?: (control: Control<T>) => ReactNode;
}

/**
 * An invite dialog: e-mail, first and last name, role and an optional expiry, with Cancel and Invite. The submit stays
 * disabled unless email and role are present (002 §5); a dirty form asks before the page is left.
 */
export function InviteDialog<T extends InviteFormFields, R>({
  title,
  open,
  onClose,
  resolver,
  empty,
  roles,
  invite,
  successMessage,
  onInvited,
  children,
}: InviteDialogProps<T, R>) {
  const { enqueueSnackbar } = useSnackbar();
  // A team seat over the plan's limit: the toast offers the way up.
  const planLimitAction = usePlanLimitAction();
  const pending = invite.isPending;
  const form = useForm<T>({ resolver, defaultValues: empty as DefaultValues<T>, mode: 'onTouched' });
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

  const onSubmit = form.handleSubmit(({ expiresOn, ...rest }) =>
    invite.mutate(
      { ...rest, expiresAt: expiryFromDay(expiresOn) },
      {
        onSuccess: (invited) => {
          enqueueSnackbar(successMessage(invited), { variant: 'success' });
          form.reset(empty);
          onInvited?.(invited);
          onClose();
        },
        onError: (error) => {
          const text = errorMessage(error);
          enqueueSnackbar(text, { variant: 'error', action: planLimitAction(text) });
        },
      },
    ),
  );

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
      {children?.(form.control)}
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
