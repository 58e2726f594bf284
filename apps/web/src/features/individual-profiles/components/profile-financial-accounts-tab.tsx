import Add from '@mui/icons-material/Add';
import LinkOff from '@mui/icons-material/LinkOff';
import { Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { FinancialAccount } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { DataGrid } from '../../../components/data-grid.tsx';
import { financialAccountColumns, FinancialAccountDialog, useFinancialAccounts } from '../../financial-accounts/index.ts';
import { useIndividualProfile } from '../api/get-individual-profile.ts';
import { useSetIndividualProfileFinancialAccounts } from '../api/set-individual-profile-financial-accounts.ts';
import { useProfileId } from './individual-profile-page.tsx';

/** The profile's financial accounts: link one of the user's accounts, add a new one (linked at once), or unlink. */
export function ProfileFinancialAccountsTab() {
  const id = useProfileId();
  const profile = useIndividualProfile(id);
  const accounts = useFinancialAccounts();
  const setLinks = useSetIndividualProfileFinancialAccounts(id);
  const { enqueueSnackbar } = useSnackbar();
  const [adding, setAdding] = useState(false);
  const [choice, setChoice] = useState('');

  const linkedIds = profile.data?.financialAccounts ?? [];
  const linked = (accounts.data ?? []).filter((a) => linkedIds.includes(a._id));
  const unlinked = (accounts.data ?? []).filter((a) => !linkedIds.includes(a._id));

  const save = (ids: string[]) =>
    setLinks.mutate(ids, {
      onSuccess: () => enqueueSnackbar('Financial accounts updated', { variant: 'success' }),
      onError: () => enqueueSnackbar('Error updating financial accounts', { variant: 'error' }),
    });

  const columns: GridColDef<FinancialAccount>[] = [
    ...financialAccountColumns,
    {
      field: 'actions',
      headerName: '',
      width: 60,
      sortable: false,
      renderCell: ({ row }) => (
        <IconButton
          aria-label={`Unlink ${row.accountName}`}
          disabled={setLinks.isPending}
          onClick={() => save(linkedIds.filter((a) => a !== row._id))}
        >
          <LinkOff />
        </IconButton>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Financial Accounts
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
          Add Account
        </Button>
      </Stack>
      {unlinked.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label="Link an existing account"
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              sx={{ flex: 1 }}
            >
              {unlinked.map((a) => (
                <MenuItem key={a._id} value={a._id}>
                  {`${a.accountName} (${a.number})`}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={!choice}
              loading={setLinks.isPending}
              onClick={() => {
                save([...linkedIds, choice]);
                setChoice('');
              }}
            >
              Link
            </Button>
          </Stack>
        </Paper>
      )}
      <DataGrid
        label="Linked financial accounts"
        rows={linked}
        columns={columns}
        loading={accounts.isPending}
        error={accounts.error ?? undefined}
      />
      {adding && <FinancialAccountDialog onClose={() => setAdding(false)} onSaved={(account) => save([...linkedIds, account._id])} />}
    </Stack>
  );
}
