import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { objectId, rbacEntityType, tenantRole, type RbacEntityType, type RoleAssignment, type TenantRole } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { DialogErrorPanel } from '../../../components/dialog-error-panel.tsx';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useTenants } from '../api/list-tenants.ts';
import { useRoleAssignments } from '../api/list-rbac.ts';
import { useCreateRoleAssignment, useDeleteRoleAssignment, useUpdateRoleAssignment } from '../api/save-rbac.ts';

const entityLabels: Record<RbacEntityType, string> = { tenant: 'Tenant', institution: 'Institution', offer: 'Offer' };

interface EditorState {
  editing: RoleAssignment | null;
}

function AssignmentDialog({ userId, state, onClose }: { userId: string; state: EditorState; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const editing = state.editing;
  const [entityType, setEntityType] = useState<RbacEntityType>(editing?.entityType ?? 'tenant');
  const [tenant, setTenant] = useState(editing?.tenant ?? '');
  const [entity, setEntity] = useState(editing?.entity ?? '');
  const [role, setRole] = useState<TenantRole>(editing?.role ?? 'member');
  const tenants = useTenants({ page: 1, limit: 100 });
  const create = useCreateRoleAssignment(userId);
  const update = useUpdateRoleAssignment(userId);
  const error = create.error ?? update.error;
  const entityId = entityType === 'tenant' ? tenant : entity;
  const valid = objectId.safeParse(entityId).success && (entityType === 'tenant' || objectId.safeParse(tenant).success);

  const save = () => {
    const done = {
      onSuccess: () => {
        enqueueSnackbar(editing ? 'Role assignment updated' : 'Role assignment added', { variant: 'success' });
        onClose();
      },
    };
    if (editing) update.mutate({ rbacId: editing._id, role }, done);
    else create.mutate({ entityType, entity: entityId, role, ...(entityType !== 'tenant' && { tenant }) }, done);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{editing ? 'Edit role assignment' : 'Add role assignment'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <DialogErrorPanel
              error={error}
              onClose={() => {
                create.reset();
                update.reset();
              }}
            />
          )}
          <TextField
            select
            label="Entity type"
            value={entityType}
            disabled={Boolean(editing)}
            onChange={(e) => setEntityType(e.target.value as RbacEntityType)}
          >
            {rbacEntityType.options.map((v) => (
              <MenuItem key={v} value={v}>
                {entityLabels[v]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Tenant" value={tenant} disabled={Boolean(editing)} onChange={(e) => setTenant(e.target.value)}>
            {tenants.data?.data.map((t) => (
              <MenuItem key={t._id} value={t._id}>{`${t.name} (${t.slug})`}</MenuItem>
            ))}
          </TextField>
          {entityType !== 'tenant' && (
            <TextField
              label={`${entityLabels[entityType]} id`}
              value={entity}
              disabled={Boolean(editing)}
              onChange={(e) => setEntity(e.target.value.trim())}
              error={entity !== '' && !objectId.safeParse(entity).success}
              helperText="The 24-character id"
            />
          )}
          <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as TenantRole)}>
            {tenantRole.options.map((v) => (
              <MenuItem key={v} value={v}>
                {v}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={!valid} loading={create.isPending || update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The user's role assignments: tenant roles (their memberships) and institution or offer roles. */
export function RoleAssignments({ userId }: { userId: string }) {
  const { data, error, isPending, refetch } = useRoleAssignments(userId);
  const tenants = useTenants({ page: 1, limit: 100 });
  const remove = useDeleteRoleAssignment(userId);
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const [editor, setEditor] = useState<EditorState | null>(null);
  const tenantName = (id: string) => tenants.data?.data.find((t) => t._id === id)?.name ?? id;

  return (
    <Card variant="outlined">
      <CardHeader
        title="Role assignments"
        slotProps={{ title: { variant: 'h6' } }}
        action={
          <Button startIcon={<Add />} onClick={() => setEditor({ editing: null })}>
            Add
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <SkeletonList rows={3} />
        ) : error ? (
          <ErrorBlock error={error} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No data
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Role assignments">
              <TableHead>
                <TableRow>
                  <TableCell>Entity type</TableCell>
                  <TableCell>Entity</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((a) => (
                  <TableRow key={a._id}>
                    <TableCell>{entityLabels[a.entityType]}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                      {a.entityType === 'tenant' ? tenantName(a.entity) : `${a.entity} (${tenantName(a.tenant)})`}
                    </TableCell>
                    <TableCell>{a.role}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton aria-label="Edit assignment" size="small" onClick={() => setEditor({ editing: a })}>
                        <Edit fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label="Delete assignment"
                        size="small"
                        onClick={() =>
                          confirm({
                            title: 'Remove this role assignment?',
                            message: a.entityType === 'tenant' ? 'The user stops being a member of this tenant.' : undefined,
                            destructive: true,
                            onConfirm: async () => {
                              await remove.mutateAsync(a._id);
                              enqueueSnackbar('Role assignment removed', { variant: 'success' });
                            },
                          })
                        }
                      >
                        <Delete fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      {editor && <AssignmentDialog key={editor.editing?._id ?? 'new'} userId={userId} state={editor} onClose={() => setEditor(null)} />}
      {confirmDialog}
    </Card>
  );
}
