import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { IconButton } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { financialAccountTypeLabels, type FinancialAccount } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { GridSection } from '../../../components/grid-section.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useDeleteFinancialAccount } from '../api/delete-financial-account.ts';
import { useFinancialAccount } from '../api/get-financial-account.ts';
import { useFinancialAccounts } from '../api/list-financial-accounts.ts';
import { FinancialAccountDialog } from './financial-account-dialog.tsx';

export const financialAccountColumns: GridColDef<FinancialAccount>[] = [
  { field: 'accountName', headerName: 'Account name', flex: 1, minWidth: 140 },
  { field: 'type', headerName: 'Type', width: 120, valueFormatter: (value: FinancialAccount['type']) => financialAccountTypeLabels[value] },
  { field: 'number', headerName: 'Number', width: 150 },
];

/**
 * The passport's Financial Accounts tab: the user's accounts with add, edit and delete. An account has its own address
 * (financial-accounts/{id}, also reached from /settings/financial-accounts/{id}): a row click goes there and the edit
 * dialog opens over the list; another user's or a missing account is the 404 page.
 */
export function FinancialAccountsPage() {
  const accounts = useFinancialAccounts();
  const remove = useDeleteFinancialAccount();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const [adding, setAdding] = useState(false);
  const { financialAccountId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const linked = useFinancialAccount(financialAccountId);
  if (linked.error) throw linked.error;
  const listPath = financialAccountId ? pathname.replace(/\/[^/]+\/?$/, '') : pathname.replace(/\/$/, '');
  const closeLinked = () => void navigate(listPath);

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
      onAdd={() => setAdding(true)}
      label="Financial accounts"
      rows={accounts.data}
      columns={columns}
      loading={accounts.isPending}
      error={accounts.error ?? undefined}
      onRowClick={(row) => void navigate(`${listPath}/${encodeURIComponent(row._id)}`)}
    >
      {adding && <FinancialAccountDialog onClose={() => setAdding(false)} />}
      {linked.data && <FinancialAccountDialog key={linked.data._id} account={linked.data} onClose={closeLinked} />}
      {confirmDialog}
    </GridSection>
  );
}
