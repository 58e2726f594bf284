import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  dayFromExpiry,
  expiryFromDay,
  memberDetailsBody,
  memberDisplayName,
  tenantRole,
  tenantRoleLabels,
  type MemberDetailsBody,
  type Permission,
  type TenantRole,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PlainSectionCard } from '../../../components/section-card.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useDeleteMember } from '../api/delete-member.ts';
import { useUpdateMemberAccess } from '../api/update-member-access.ts';
import { useUpdateMemberDetails } from '../api/update-member-details.ts';
import { useUpdateMemberRole } from '../api/update-member-role.ts';
import { IdentityReviewCard } from '../../identity-verification/index.ts';
import { AttributeSwitches } from './attribute-switches.tsx';
import { MemberImage } from './member-image.tsx';
import { useMemberContext } from './member-page.tsx';
import { MemberStatusActions } from './member-status-actions.tsx';

/** Details tab: image, names and tags, role, access flags and expiry, membership status and removal. */
export function MemberDetailsTab() {
  const { tenantId, member } = useMemberContext();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { confirm, confirmDialog } = useConfirm();
  const { user } = useSession();
  const details = useUpdateMemberDetails(tenantId, member._id);
  const role = useUpdateMemberRole(tenantId, member._id);
  const access = useUpdateMemberAccess(tenantId, member._id);
  const remove = useDeleteMember(tenantId, member._id);
  const isSelf = user?._id === member.user;

  const saved = {
    firstname: member.firstname ?? '',
    middlename: member.middlename ?? '',
    lastname: member.lastname ?? '',
    tags: member.tags,
  };
  const { control, handleSubmit, reset, formState } = useForm<MemberDetailsBody>({
    resolver: zodResolver(memberDetailsBody),
    values: saved,
  });
  const onSubmit = handleSubmit((body) =>
    details.mutate(body, {
      onSuccess: () => enqueueSnackbar('Member details updated', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  const [attributes, setAttributes] = useState<Partial<Record<Permission, boolean>>>(member.rbac.attributes);
  const [expiresOn, setExpiresOn] = useState(dayFromExpiry(member.rbac.expiresAt));
  const accessDirty =
    JSON.stringify({ ...member.rbac.attributes }) !== JSON.stringify({ ...member.rbac.attributes, ...attributes }) ||
    expiresOn !== dayFromExpiry(member.rbac.expiresAt);
  const saveAccess = () =>
    access.mutate(
      { attributes, expiresAt: expiryFromDay(expiresOn) },
      {
        onSuccess: () => enqueueSnackbar('Access updated', { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  const changeRole = (next: TenantRole) =>
    role.mutate(
      { role: next },
      {
        onSuccess: () => enqueueSnackbar('Role updated', { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  const askDelete = () =>
    confirm({
      title: 'Delete member',
      message: `Are you sure you want to remove ${memberDisplayName(member)} from this organization?`,
      destructive: true,
      onConfirm: () =>
        remove.mutateAsync().then(() => {
          enqueueSnackbar('Member deleted', { variant: 'success' });
          void navigate('/tenant/membership/members');
        }),
    });

  return (
    <Stack spacing={2}>
      <PlainSectionCard title="Details">
        <Box sx={{ alignSelf: 'flex-start' }}>
          <MemberImage tenantId={tenantId} member={member} />
        </Box>
        <Stack component="form" noValidate spacing={2} onSubmit={formSubmit(onSubmit)}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(['firstname', 'middlename', 'lastname'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    value={field.value ?? ''}
                    label={{ firstname: 'First name', middlename: 'Middle name', lastname: 'Last name' }[name]}
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            ))}
          </Stack>
          <Controller
            control={control}
            name="tags"
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                freeSolo
                options={[]}
                value={field.value ?? []}
                onChange={(_e, value) => field.onChange(value.map((v) => v.trim()).filter(Boolean))}
                renderValue={(value, getItemProps) =>
                  value.map((tag, index) => <Chip {...getItemProps({ index })} key={tag} label={tag} size="small" />)
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Tags"
                    helperText={fieldState.error?.message ?? 'Press Enter to add a tag'}
                    error={Boolean(fieldState.error)}
                  />
                )}
              />
            )}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => reset(saved)} disabled={!formState.isDirty || details.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={!formState.isDirty} loading={details.isPending}>
              Save
            </Button>
          </Stack>
          <UnsavedChangesGuard when={formState.isDirty || accessDirty} />
        </Stack>
      </PlainSectionCard>

      <PlainSectionCard title="Role">
        <TextField
          select
          label="Role"
          value={member.rbac.role}
          onChange={(e) => changeRole(e.target.value as TenantRole)}
          disabled={role.isPending}
          sx={{ maxWidth: 320 }}
          helperText="The last owner cannot be demoted."
        >
          {tenantRole.options.map((r) => (
            <MenuItem key={r} value={r}>
              {tenantRoleLabels[r]}
            </MenuItem>
          ))}
        </TextField>
      </PlainSectionCard>

      <PlainSectionCard title="Access">
        <AttributeSwitches value={attributes} onChange={setAttributes} disabled={access.isPending} />
        <TextField
          type="date"
          label="Expires"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText="Leave blank for no expiration"
          sx={{ maxWidth: 320 }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              setAttributes(member.rbac.attributes);
              setExpiresOn(dayFromExpiry(member.rbac.expiresAt));
            }}
            disabled={!accessDirty || access.isPending}
          >
            Cancel
          </Button>
          <Button variant="contained" onClick={saveAccess} disabled={!accessDirty} loading={access.isPending}>
            Save access
          </Button>
        </Stack>
      </PlainSectionCard>

      {/* Issue #18: the member's identity verification, for the tenant's owners reviewing it (once they have accepted). */}
      {member.user && <IdentityReviewCard userId={member.user} />}

      <PlainSectionCard title="Membership">
        {isSelf ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            You cannot change your own membership status.
          </Typography>
        ) : (
          <MemberStatusActions tenantId={tenantId} member={member} />
        )}
      </PlainSectionCard>

      {!isSelf && (
        <PlainSectionCard title="Delete">
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Removes the member from this organization and from its groups. Their account stays.
          </Typography>
          <Button color="error" variant="outlined" onClick={askDelete} sx={{ alignSelf: 'flex-start' }}>
            Delete member
          </Button>
        </PlainSectionCard>
      )}
      {confirmDialog}
    </Stack>
  );
}
