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
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { expiryFromDay, institutionTeamRole, institutionTeamRoleLabels, teamInviteForm, type TeamInviteFormValues } from '@tessera/domain';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useInviteTeamMember } from '../api/invite-team-member.ts';

const EMPTY: TeamInviteFormValues = { email: '', firstname: '', lastname: '', role: 'member', expiresOn: '' };

interface InviteTeamMemberDialogProps {
  tenantId: string;
  institutionId: string;
  open: boolean;
  onClose: () => void;
}

/** 'Invite Team Member' (002 §5): e-mail, first and last name, role (default Member) and an optional expiry. */
export function InviteTeamMemberDialog({ tenantId, institutionId, open, onClose }: InviteTeamMemberDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteTeamMember(tenantId, institutionId);
  const { control, handleSubmit, reset, formState } = useForm<TeamInviteFormValues>({
    resolver: zodResolver(teamInviteForm),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !invite.isPending);
  // 002 §5: disabled unless email and role are present.
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
        onSuccess: () => {
          enqueueSnackbar('team member invited', { variant: 'success' });
          reset(EMPTY);
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    ),
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Invite Team Member</DialogTitle>
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
                  {institutionTeamRole.options.map((role) => (
                    <MenuItem key={role} value={role}>
                      {institutionTeamRoleLabels[role]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
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
