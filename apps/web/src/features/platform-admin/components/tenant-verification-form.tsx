import { Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  identityVerificationStatus,
  identityVerificationStatusLabels,
  type AdminTenant,
  type IdentityVerificationStatus,
} from '@tessera/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useUpdateTenantVerification } from '../api/update-tenant-verification.ts';

/**
 * The platform's verification of a tenant: pick a status and save. Render it with `key={tenant.verificationStatus}`
 * so the pick starts again from the saved value whenever that changes.
 */
export function TenantVerificationForm({ tenant }: { tenant: AdminTenant }) {
  const [status, setStatus] = useState<IdentityVerificationStatus>(tenant.verificationStatus);
  const save = useUpdateTenantVerification(tenant._id);
  const { enqueueSnackbar } = useSnackbar();
  const submit = () =>
    save.mutate(status, {
      onSuccess: () => enqueueSnackbar('Verification status updated', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(`Failed to update verification status: ${errorMessage(error)}`, { variant: 'error' }),
    });

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 1.5 }}>
      <TextField
        select
        size="small"
        label="Verification status"
        value={status}
        onChange={(e) => setStatus(identityVerificationStatus.parse(e.target.value))}
        sx={{ minWidth: 200 }}
      >
        {identityVerificationStatus.options.map((value) => (
          <MenuItem key={value} value={value}>
            {identityVerificationStatusLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" onClick={submit} disabled={status === tenant.verificationStatus} loading={save.isPending}>
        Save
      </Button>
    </Stack>
  );
}
