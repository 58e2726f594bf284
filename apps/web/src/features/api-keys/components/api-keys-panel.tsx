import Block from '@mui/icons-material/Block';
import { Alert, Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { apiKeyKindLabels, type ApiKey, type ApiKeyCreated, type ApiKeyKind } from '@tessera/domain';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { type ReactNode, useMemo, useState } from 'react';
import { DataGrid } from '../../../components/data-grid.tsx';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import type { ApiKeyOwner } from '../api/api-key-owner.ts';
import { useApiKeys } from '../api/list-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { ApiKeyCreatedDialog } from './api-key-created-dialog.tsx';
import { GenerateApiKeyDialog } from './generate-api-key-dialog.tsx';
import { scopesFor } from '../scopes.ts';
import { ScopeChips } from './scope-chips.tsx';

const STATUS: Record<ApiKey['status'], { label: string; color: 'success' | 'default' | 'warning' }> = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'warning' },
  revoked: { label: 'Revoked', color: 'default' },
};

/** A cell's value with a smaller second line (the key's kind, the last call's address). */
function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3, minWidth: 0 }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {first}
      </Box>
      {second && (
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {second}
        </Typography>
      )}
    </Stack>
  );
}

const keyName = (key: ApiKey) => `${key.prefix}…${key.label ? ` (${key.label})` : ''}`;

interface ApiKeysPanelProps {
  owner: ApiKeyOwner;
  /** What the owner's keys are for, above the buttons. */
  intro: string;
  /** What each kind of key does, in the generate dialog. */
  help: Record<ApiKeyKind, string>;
}

/** The public and private API keys of a tenant or of one of its institutions: generate (shown once), list, revoke. */
export function ApiKeysPanel({ owner, intro, help }: ApiKeysPanelProps) {
  const keys = useApiKeys(owner);
  const revoke = useRevokeApiKey(owner);
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const [generating, setGenerating] = useState<ApiKeyKind | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const available = scopesFor(owner.institutionId !== undefined);
  const columns = useMemo<GridColDef<ApiKey>[]>(
    () => [
      {
        field: 'prefix',
        headerName: 'Key',
        width: 150,
        renderCell: ({ row }) => <TwoLines first={<code>{row.prefix}…</code>} second={apiKeyKindLabels[row.kind]} />,
      },
      { field: 'label', headerName: 'Label', minWidth: 100, flex: 1, valueFormatter: (value: string | null) => value ?? '' },
      {
        field: 'scopes',
        headerName: 'Scopes',
        minWidth: 170,
        flex: 1.2,
        sortable: false,
        renderCell: ({ row }) => <ScopeChips scopes={row.scopes} available={row.kind === 'private' ? available : null} />,
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 95,
        renderCell: ({ row }) => <Chip size="small" label={STATUS[row.status].label} color={STATUS[row.status].color} variant="outlined" />,
      },
      {
        field: 'expiresAt',
        headerName: 'Expires',
        width: 115,
        valueFormatter: (value: string | null) => (value ? formatDate(value) : 'Never'),
      },
      {
        field: 'lastUsedAt',
        headerName: 'Last used',
        width: 175,
        renderCell: ({ row }) =>
          row.lastUsedAt ? (
            <TwoLines first={formatDateTime(row.lastUsedAt)} second={row.lastUsedIp ? `from ${row.lastUsedIp}` : null} />
          ) : (
            'Never'
          ),
      },
      { field: 'createdAt', headerName: 'Created', width: 115, valueFormatter: (value: string) => formatDate(value) },
      {
        field: 'actions',
        headerName: '',
        width: 64,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) =>
          row.status !== 'revoked' && (
            <Tooltip title="Revoke">
              <IconButton
                aria-label={`Revoke ${keyName(row)}`}
                onClick={() =>
                  confirm({
                    title: 'Revoke API key',
                    message: `${keyName(row)} stops working at once. This action is irreversible.`,
                    confirmLabel: 'Revoke',
                    destructive: true,
                    onConfirm: () => revoke.mutateAsync(row._id).then(() => enqueueSnackbar('API key revoked', { variant: 'success' })),
                  })
                }
              >
                <Block fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
      },
    ],
    [available, confirm, enqueueSnackbar, revoke],
  );

  // Someone who may see the owner but not its keys (a team member or viewer of an institution) reads why, without the buttons.
  if (keys.error instanceof ApiError && keys.error.status === 403) {
    return (
      <Stack spacing={2}>
        <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>
        <Alert severity="info">{keys.error.message}</Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setGenerating('private')}>
          Generate private key
        </Button>
        <Button variant="outlined" onClick={() => setGenerating('public')}>
          Generate public key
        </Button>
      </Stack>
      {keys.isError ? (
        <ErrorBlock error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <div style={{ width: '100%' }}>
          <DataGrid label="API keys" rows={keys.data} columns={columns} loading={keys.isPending} />
        </div>
      )}
      <GenerateApiKeyDialog
        owner={owner}
        help={help}
        kind={generating}
        onClose={() => setGenerating(null)}
        onCreated={(key) => {
          setGenerating(null);
          setCreated(key);
          enqueueSnackbar('API key generated', { variant: 'success' });
        }}
      />
      <ApiKeyCreatedDialog created={created} onClose={() => setCreated(null)} />
      {confirmDialog}
    </Stack>
  );
}
