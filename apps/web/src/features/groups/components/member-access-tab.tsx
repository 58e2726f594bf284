import Delete from '@mui/icons-material/Delete';
import {
  Autocomplete,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Group } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAddGroupMembers } from '../api/add-group-members.ts';
import { useGroups } from '../api/list-groups.ts';
import { useRemoveGroupMember } from '../api/remove-group-member.ts';
import { useMemberGroups } from '../api/get-member-groups.ts';
import { useMemberContext } from '../../members/index.ts';

/** Access tab: the groups the member is in, to add them to another or take them out. */
export function MemberAccessTab() {
  const { tenantId, member } = useMemberContext();
  const { enqueueSnackbar } = useSnackbar();
  const groups = useMemberGroups(tenantId, member._id);
  const all = useGroups(tenantId, { limit: 100, sort: 'name', direction: 'asc' });
  const add = useAddGroupMembers(tenantId);
  const remove = useRemoveGroupMember(tenantId);
  const [picked, setPicked] = useState<Group | null>(null);
  const inGroups = new Set((groups.data ?? []).map((g) => g._id));
  const options = (all.data?.data ?? []).filter((g) => !inGroups.has(g._id));

  const addToGroup = () => {
    if (!picked) return;
    add.mutate(
      { groupId: picked._id, memberIds: [member._id] },
      {
        onSuccess: () => {
          enqueueSnackbar(`Added to ${picked.name}`, { variant: 'success' });
          setPicked(null);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Groups
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Autocomplete
              options={options}
              value={picked}
              onChange={(_e, value) => setPicked(value)}
              getOptionLabel={(g) => g.name}
              isOptionEqualToValue={(a, b) => a._id === b._id}
              loading={all.isPending}
              noOptionsText="No other groups"
              renderInput={(params) => <TextField {...params} label="Add to group" size="small" />}
              sx={{ flex: 1, maxWidth: { sm: 400 } }}
            />
            <Button variant="contained" onClick={addToGroup} disabled={!picked} loading={add.isPending}>
              Add
            </Button>
          </Stack>
          {groups.isPending ? (
            <SkeletonList rows={3} label="Loading groups" />
          ) : groups.isError ? (
            <ErrorBlock error={groups.error} onRetry={() => void groups.refetch()} />
          ) : groups.data.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Not in any group
            </Typography>
          ) : (
            <List disablePadding>
              {groups.data.map((g) => (
                <ListItem
                  key={g._id}
                  divider
                  secondaryAction={
                    <Tooltip title={`Remove from ${g.name}`}>
                      <IconButton
                        edge="end"
                        aria-label={`Remove from ${g.name}`}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(
                            { groupId: g._id, memberId: member._id },
                            {
                              onSuccess: () => enqueueSnackbar(`Removed from ${g.name}`, { variant: 'success' }),
                              onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
                            },
                          )
                        }
                      >
                        <Delete />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemText
                    primary={<RouterLink to={`/tenant/membership/groups/${g._id}`}>{g.name}</RouterLink>}
                    secondary={`${g.totalMembers} member${g.totalMembers === 1 ? '' : 's'}${g.description ? ` · ${g.description}` : ''}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
