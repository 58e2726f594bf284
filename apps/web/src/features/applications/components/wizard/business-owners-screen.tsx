import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Lock from '@mui/icons-material/Lock';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { BusinessOwner } from '@tessera/domain';
import { useState } from 'react';
import { SkeletonList } from '../../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../../components/use-confirm.tsx';
import { visuallyHidden } from '../../../../components/visually-hidden.ts';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { useDeleteBusinessOwner } from '../../api/delete-business-owner.ts';
import { useBusiness } from '../../api/get-business.ts';
import { OwnerDialog, ownersFailedToast, ownersSavedToast } from './owner-dialog.tsx';
import { QuestionFrame } from './question-frame.tsx';
import { useQuestionForm } from './use-question-form.ts';

/** 001 §4 business owners: the chosen business's owners, added and edited in a dialog; Continue once there is at least one. */
export function BusinessOwnersScreen() {
  const { submit, wizard } = useQuestionForm('business-owners');
  const { application } = wizard;
  const businessId = (application.questionData.businessId as string | undefined) ?? application.business;
  const business = useBusiness(businessId);
  const remove = useDeleteBusinessOwner(businessId ?? '');
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  // undefined: closed; null: adding; an owner: editing.
  const [editing, setEditing] = useState<BusinessOwner | null | undefined>(undefined);
  const owners = business.data?.owners ?? [];

  const confirmRemove = (owner: BusinessOwner) => {
    const name = business.data?.name ?? '';
    confirm({
      title: `Remove ${owner.user.firstname} ${owner.user.lastname}?`,
      message: 'They will no longer be listed as an owner of this business.',
      confirmLabel: 'Remove',
      destructive: true,
      onConfirm: () =>
        remove.mutateAsync(owner._id).then(
          () => enqueueSnackbar(ownersSavedToast(name), { variant: 'success' }),
          (failure: unknown) => {
            enqueueSnackbar(ownersFailedToast(name), { variant: 'error' });
            throw failure;
          },
        ),
    });
  };

  return (
    <>
      <QuestionFrame
        title={business.data ? `Owners of ${business.data.name}` : 'Business owners'}
        intro="List everyone who holds equity in the business, with their share."
        onSubmit={submit}
        canSubmit={owners.length > 0}
        submitLabel="Continue"
      >
        {business.isPending ? (
          <SkeletonList rows={3} />
        ) : business.isError ? (
          <Alert severity="error">{errorMessage(business.error)}</Alert>
        ) : (
          <Stack spacing={2}>
            {owners.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>No owners yet. Add at least one to continue.</Typography>
            ) : (
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Business owners">
                  <TableHead>
                    <TableRow>
                      <TableCell>Email</TableCell>
                      <TableCell>First name</TableCell>
                      <TableCell>Last name</TableCell>
                      <TableCell>Title</TableCell>
                      <TableCell align="right">Ownership</TableCell>
                      <TableCell align="right">
                        <Box component="span" sx={visuallyHidden}>
                          Actions
                        </Box>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {owners.map((owner) => (
                      <TableRow key={owner._id}>
                        <TableCell sx={{ wordBreak: 'break-all' }}>
                          {owner.user._id && (
                            <Tooltip title="Has an account here">
                              <Lock fontSize="inherit" sx={{ mr: 0.5, verticalAlign: 'middle' }} aria-label="Has an account here" />
                            </Tooltip>
                          )}
                          {owner.user.email}
                        </TableCell>
                        <TableCell>{owner.user.firstname}</TableCell>
                        <TableCell>{owner.user.lastname}</TableCell>
                        <TableCell>{owner.title}</TableCell>
                        <TableCell align="right">{`${owner.equity}%`}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          <IconButton size="small" aria-label={`Edit ${owner.user.email}`} onClick={() => setEditing(owner)}>
                            <Edit fontSize="small" />
                          </IconButton>
                          <IconButton size="small" aria-label={`Remove ${owner.user.email}`} onClick={() => confirmRemove(owner)}>
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <Button startIcon={<Add />} variant="outlined" onClick={() => setEditing(null)} sx={{ alignSelf: 'flex-start' }}>
              Add owner
            </Button>
          </Stack>
        )}
      </QuestionFrame>
      {/* Outside the screen's form: the dialog's own submit must not bubble into Next. */}
      {editing !== undefined && business.data && (
        <OwnerDialog business={business.data} owner={editing} onClose={() => setEditing(undefined)} />
      )}
      {confirmDialog}
    </>
  );
}
