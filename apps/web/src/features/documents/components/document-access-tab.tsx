import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Send from '@mui/icons-material/Send';
import {
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { canChangeRoleInline, INLINE_ROLES, tenantRole, tenantRoleLabels, type AccessGrant, type TenantRole } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { getShareEntityOptions, shareEntityOptionsQueryKey } from '../../user/index.ts';
import {
  useDeleteDocumentAccess,
  useDocumentAccess,
  useGrantDocumentAccess,
  useResendDocumentInvite,
  useUpdateDocumentAccess,
} from '../api/document-access.ts';
import { AccessGrantForm, endOfDay } from './access-grant-form.tsx';
import { useDocumentContext } from './document-page.tsx';

/** The picker shows the first few matches; typing more narrows them. */
const SHARE_OPTIONS_LIMIT = 10;
const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function DocumentAccessTab() {
  const { document } = useDocumentContext();
  const id = document._id;
  const userId = useSession().user?._id ?? '';
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const { data, error, isPending, refetch } = useDocumentAccess(id, document.rights.share);
  const grant = useGrantDocumentAccess(id);
  const update = useUpdateDocumentAccess(id);
  const remove = useDeleteDocumentAccess(id);
  const resend = useResendDocumentInvite(id);
  const [editing, setEditing] = useState<AccessGrant | null>(null);
  const fail = (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' });

  if (!document.rights.share) return <Typography>Only owners of this document can see and change who has access.</Typography>;

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Share
          </Typography>
          <AccessGrantForm
            fetchOptions={async (search, signal) =>
              (await getShareEntityOptions(userId, { search, limit: SHARE_OPTIONS_LIMIT }, signal)).data
            }
            optionsKey={shareEntityOptionsQueryKey(userId)}
            onSubmit={(body) =>
              grant.mutateAsync(body, {
                onSuccess: (g) =>
                  enqueueSnackbar(
                    body.subjectEmail && g.subjectSignupStatus === 'partial'
                      ? `Invitation sent to ${g.subjectEmail}`
                      : `Shared with ${g.subjectName}`,
                    { variant: 'success' },
                  ),
                onError: fail,
              })
            }
          />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            People with access
          </Typography>
          {isPending ? (
            <SkeletonList rows={3} />
          ) : error ? (
            <ErrorBlock error={error} onRetry={() => void refetch()} />
          ) : data.length === 0 ? (
            <Typography sx={{ color: 'text.secondary', py: 2 }}>Only you have access to this document.</Typography>
          ) : (
            <List>
              {data.map((g) => (
                <ListItem key={g._id} divider sx={{ flexWrap: 'wrap', gap: 1, pr: 0 }}>
                  <ListItemText
                    sx={{ flex: '1 1 220px', minWidth: 0 }}
                    primary={g.subjectName}
                    secondary={[
                      // Until an invitation is accepted the name is the e-mail itself: shown once.
                      ...(g.subjectName === g.subjectEmail ? [] : [g.subjectEmail]),
                      g.expiresAt ? `Expires ${formatDate(g.expiresAt)}` : 'Never expires',
                    ].join(' · ')}
                    slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
                  />
                  {g.expired && <Chip label="Expired" size="small" color="warning" />}
                  {g.subjectSignupStatus === 'partial' && <Chip label="Invited" size="small" />}
                  {canChangeRoleInline(g.role) ? (
                    <TextField
                      select
                      size="small"
                      value={g.role}
                      aria-label={`Role of ${g.subjectEmail}`}
                      sx={{ width: 130 }}
                      onChange={(e) => update.mutate({ accessId: g._id, body: { role: e.target.value as TenantRole } }, { onError: fail })}
                    >
                      {INLINE_ROLES.map((r) => (
                        <MenuItem key={r} value={r}>
                          {tenantRoleLabels[r]}
                        </MenuItem>
                      ))}
                    </TextField>
                  ) : (
                    <Chip label={tenantRoleLabels[g.role]} size="small" variant="outlined" sx={{ width: 130 }} />
                  )}
                  <Stack direction="row">
                    {g.subjectSignupStatus === 'partial' && (
                      <Tooltip title="Resend invite">
                        <IconButton
                          aria-label={`Resend invite to ${g.subjectEmail}`}
                          onClick={() =>
                            resend.mutate(g._id, {
                              onSuccess: () => enqueueSnackbar(`Invitation sent to ${g.subjectEmail}`, { variant: 'success' }),
                              onError: fail,
                            })
                          }
                        >
                          <Send fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit access of ${g.subjectEmail}`} onClick={() => setEditing(g)}>
                        <Edit fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton
                        aria-label={`Remove access of ${g.subjectEmail}`}
                        onClick={() =>
                          confirm({
                            title: `Remove the access of ${g.subjectName}?`,
                            destructive: true,
                            onConfirm: () => remove.mutateAsync(g._id),
                          })
                        }
                      >
                        <Delete fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      {editing && (
        <EditGrantDialog
          grant={editing}
          onClose={() => setEditing(null)}
          onSave={(role, expires) =>
            update.mutate(
              { accessId: editing._id, body: { role, expiresAt: expires ? endOfDay(expires) : null } },
              { onSuccess: () => setEditing(null), onError: fail },
            )
          }
          busy={update.isPending}
        />
      )}
      {confirmDialog}
    </Stack>
  );
}

function EditGrantDialog({
  grant,
  onClose,
  onSave,
  busy,
}: {
  grant: AccessGrant;
  onClose: () => void;
  onSave: (role: TenantRole, expires: string) => void;
  busy: boolean;
}) {
  const [role, setRole] = useState(grant.role);
  const [expires, setExpires] = useState(dayOf(grant.expiresAt));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Edit access of {grant.subjectName}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as TenantRole)}>
            {tenantRole.options.map((r) => (
              <MenuItem key={r} value={r}>
                {tenantRoleLabels[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Expires"
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            helperText="Empty: never"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(role, expires)} loading={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
