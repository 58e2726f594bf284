import Add from '@mui/icons-material/Add';
import Badge from '@mui/icons-material/Badge';
import { Box, Button, Card, CardContent, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { GOV_ID_TEXTS, govPhotoIdLabel } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useGovPhotoIds } from '../api/list-gov-photo-ids.ts';
import { AddGovIdDialog } from './add-gov-id-dialog.tsx';

interface IdentityTabProps {
  individualProfileId: string;
  /** Opens the 'Add ID' dialog at first (the identity/create route); the profile page may control it. */
  initialOpen?: boolean;
  onDialogChange?: (open: boolean) => void;
}

/** §2 Identity tab: the profile's government photo IDs, each as 'issuing country type - number', and 'Add ID'. */
export function IdentityTab({ individualProfileId, initialOpen = false, onDialogChange }: IdentityTabProps) {
  const { data, error, isPending, refetch } = useGovPhotoIds(individualProfileId);
  const [open, setOpen] = useState(initialOpen);
  const toggle = (next: boolean) => {
    setOpen(next);
    onDialogChange?.(next);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 2 }}>
          <Typography variant="h6" component="h2">
            Government Photo IDs
          </Typography>
          <Button variant="contained" startIcon={<Add />} onClick={() => toggle(true)}>
            Add ID
          </Button>
        </Stack>
        {isPending ? (
          <SkeletonList rows={3} />
        ) : error ? (
          <ErrorBlock error={error} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <Typography sx={{ color: 'text.secondary' }}>{GOV_ID_TEXTS.empty}</Typography>
          </Box>
        ) : (
          <List>
            {data.map((id) => (
              <ListItem key={id._id} divider>
                <ListItemIcon>
                  <Badge />
                </ListItemIcon>
                <ListItemText
                  primary={govPhotoIdLabel(id)}
                  secondary={`Issued ${formatDate(id.issuingDate)} by ${id.issuingAuthority} · Expires ${formatDate(id.expirationDate)}`}
                  slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <AddGovIdDialog
        open={open}
        individualProfileId={individualProfileId}
        onClose={() => toggle(false)}
        onCreated={() => void refetch()}
      />
    </Card>
  );
}
