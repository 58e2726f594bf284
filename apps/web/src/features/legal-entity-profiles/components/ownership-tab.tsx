import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Button, Card, IconButton, List, ListItem, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import { beneficialEquityTotal, fiduciaryRoleLabels, stakeholderTypeLabels, type Stakeholder } from '@tessera/domain';
import { formatPercent } from '../../../lib/format-number.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useDeleteStakeholder } from '../api/delete-stakeholder.ts';
import { useLegalEntityOutlet } from './legal-entity-profile-page.tsx';
import { StakeholderDialog } from './stakeholder-dialog.tsx';

function describeStakeholder(s: Stakeholder): string {
  if (s.stakeholderType === 'fiduciary')
    return [stakeholderTypeLabels.fiduciary, s.fiduciaryRole ? fiduciaryRoleLabels[s.fiduciaryRole] : null].filter(Boolean).join(' · ');
  return [stakeholderTypeLabels['beneficial-owner'], s.title, formatPercent(s.equity)].filter(Boolean).join(' · ');
}

/** §2 ownership: the stakeholders of the entity, with add, edit and delete. */
export function LegalEntityOwnershipTab() {
  const profile = useLegalEntityOutlet();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const remove = useDeleteStakeholder(profile._id);
  // The dialog remounts per stakeholder (key) so its draft starts from the one being edited.
  const [dialog, setDialog] = useState<{ key: number; editing: Stakeholder | null } | null>(null);
  const stakeholders = profile.ownership.stakeholders;
  const total = beneficialEquityTotal(stakeholders);

  const askDelete = (s: Stakeholder) =>
    confirm({
      title: `Delete ${s.name}`,
      message: 'Are you sure you want to delete this stakeholder?',
      destructive: true,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(s._id);
          enqueueSnackbar(`Deleted ${s.name}`, { variant: 'success' });
          setDialog(null);
        } catch (error) {
          enqueueSnackbar(`Failed to delete ${s.name}`, { variant: 'error' });
          throw error;
        }
      },
    });

  const open = (editing: Stakeholder | null) => setDialog({ key: Date.now(), editing });

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Stack>
          <Typography variant="h6" component="h3">
            Stakeholders
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Beneficial owners hold {formatPercent(total)} of 100%
          </Typography>
        </Stack>
        <Button variant="contained" startIcon={<Add />} onClick={() => open(null)}>
          Add Stakeholder
        </Button>
      </Stack>
      <Card variant="outlined">
        {stakeholders.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No stakeholders found
          </Typography>
        ) : (
          <List aria-label="Stakeholders" disablePadding>
            {stakeholders.map((s, index) => (
              <ListItem
                key={s._id}
                divider={index < stakeholders.length - 1}
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title="Edit">
                      <IconButton aria-label={`Edit ${s.name}`} onClick={() => open(s)}>
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${s.name}`} edge="end" onClick={() => askDelete(s)}>
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: 14 }}
              >
                <ListItemText
                  primary={s.name}
                  secondary={describeStakeholder(s)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Card>
      {dialog ? (
        <StakeholderDialog
          key={dialog.key}
          profileId={profile._id}
          editing={dialog.editing}
          open
          onClose={() => setDialog(null)}
          onDelete={askDelete}
        />
      ) : null}
      {confirmDialog}
    </Stack>
  );
}
