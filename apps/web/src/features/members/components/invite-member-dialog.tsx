import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  expiryFromDay,
  INVITE_DEFAULT_ATTRIBUTES,
  memberInviteForm,
  tenantRole,
  tenantRoleLabels,
  type MemberInviteFormValues,
  type TenantMemberAdmin,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { AttributeSwitches } from './attribute-switches.tsx';

const INVITE_ROLES = tenantRole.options.filter((r) => r !== 'owner');
const EMPTY: MemberInviteFormValues = {
  email: '',
  firstname: '',
  lastname: '',
  role: 'member',
  attributes: INVITE_DEFAULT_ATTRIBUTES,
  expiresOn: '',
};

interface InviteMemberDialogProps {
  tenantId: string;
  open: boolean;
  onClose: () => void;
  onInvited?: (member: TenantMemberAdmin) => void;
}

/** 'Invite Member' (?modal=create): an e-mail with a role, attribute flags and an optional expiry. */
export function InviteMemberDialog({ tenantId, open, onClose, onInvited }: InviteMemberDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteMember(tenantId);
  const { control, handleSubmit, reset, formState } = useForm<MemberInviteFormValues>({
    resolver: zodResolver(memberInviteForm),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !invite.isPending);
  // §5 'Invite team member': disabled unless email and role are present.
  const canSubmit = Boolean(values.email?.trim()) && Boolean(values.role) && !invite.isPending;

  const close = () => {
    if (invite.isPending) return;
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit(({ expiresOn, ...form }) =>
    invite.mutate(
      { ...form, expiresAt: expiryFromDay(expiresOn) },
      {
        onSuccess: (member) => {
          enqueueSnackbar(member.membershipStatus === 'active' ? `${member.email} added` : 'Member invited', { variant: 'success' });
          reset(EMPTY);
          onInvited?.(member);
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    ),
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Invite Member</DialogTitle>
      <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} sx={{ minHeight: 0, flex: 1 }}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="email"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  type="email"
                  label="Email"
                  required
                  fullWidth
                  autoFocus
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="firstname"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label="First name"
                    required
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="lastname"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label="Last name"
                    required
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            </Stack>
            <Controller
              control={control}
              name="role"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  label="Role"
                  required
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {INVITE_ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {tenantRoleLabels[role]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Typography variant="subtitle2">Access</Typography>
            <Controller
              control={control}
              name="attributes"
              render={({ field }) => <AttributeSwitches value={field.value ?? {}} onChange={field.onChange} disabled={invite.isPending} />}
            />
            <Controller
              control={control}
              name="expiresOn"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  type="date"
                  label="Expires"
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Leave blank for no expiration'}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!canSubmit} loading={invite.isPending}>
            Invite
          </Button>
        </DialogActions>
      </Stack>
      {guard}
    </Dialog>
  );
}
