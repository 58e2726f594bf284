import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { IconButton } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { financialAccountTypeLabels, type FinancialAccount } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { GridSection } from '../../../components/grid-section.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useDeleteFinancialAccount } from '../api/delete-financial-account.ts';
import { useFinancialAccounts } from '../api/list-financial-accounts.ts';
import { FinancialAccountDialog } from './financial-account-dialog.tsx';

export const financialAccountColumns: GridColDef<FinancialAccount>[] = [
  { field: 'accountName', headerName: 'Account name', flex: 1, minWidth: 140 },
  { field: 'type', headerName: 'Type', width: 120, valueFormatter: (value: FinancialAccount['type']) => financialAccountTypeLabels[value] },
  { field: 'number', headerName: 'Number', width: 150 },
];

/** The passport's Financial Accounts tab: the user's accounts with add, edit (row click) and delete. */
export function FinancialAccountsPage() {
  const accounts = useFinancialAccounts();
  const remove = useDeleteFinancialAccount();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const [editing, setEditing] = useState<FinancialAccount | 'new' | null>(null);

  const columns: GridColDef<FinancialAccount>[] = [
    ...financialAccountColumns,
    { field: 'createdAt', headerName: 'Created', width: 120, valueFormatter: (value: string) => formatDate(value) },
    {
      field: 'actions',
      headerName: '',
      width: 60,
      sortable: false,
      renderCell: ({ row }) => (
        <IconButton
          aria-label={`Delete ${row.accountName}`}
          onClick={(e) => {
            e.stopPropagation();
            confirm({
              title: 'Delete financial account',
              message: `Are you sure you want to delete ${row.accountName}?`,
              destructive: true,
              onConfirm: async () => {
                await remove.mutateAsync(row._id);
                enqueueSnackbar(`Deleted ${row.accountName}`, { variant: 'success' });
              },
            });
          }}
        >
          <DeleteOutlined />
        </IconButton>
      ),
    },
  ];

  return (
    <GridSection
      title="Financial Accounts"
      addLabel="Add Account"
      onAdd={() => setEditing('new')}
      label="Financial accounts"
      rows={accounts.data}
      columns={columns}
      loading={accounts.isPending}
      error={accounts.error ?? undefined}
      onRowClick={(row) => setEditing(row)}
    >
      {editing && <FinancialAccountDialog account={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {confirmDialog}
    </GridSection>
  );
}
