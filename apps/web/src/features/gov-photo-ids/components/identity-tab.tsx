import Add from '@mui/icons-material/Add';
import Badge from '@mui/icons-material/Badge';
import {
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { GOV_ID_TEXTS, govPhotoIdLabel } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useGovPhotoIds } from '../api/list-gov-photo-ids.ts';
import { AddGovIdDialog } from './add-gov-id-dialog.tsx';
import { GovPhotoIdDialog } from './gov-photo-id-dialog.tsx';

interface IdentityTabProps {
  individualProfileId: string;
  /** Opens the 'Add ID' dialog at first (the identity/create route); the profile page may control it. */
  initialOpen?: boolean;
  onDialogChange?: (open: boolean) => void;
}

/**
 * §2 Identity tab: the profile's government photo IDs, each as 'issuing country type - number', and 'Add ID'. An ID
 * opens its details (?id={id}, where /settings/gov-photo-ids/{id} leads).
 */
export function IdentityTab({ individualProfileId, initialOpen = false, onDialogChange }: IdentityTabProps) {
  const { data, error, isPending, refetch } = useGovPhotoIds(individualProfileId);
  const [open, setOpen] = useState(initialOpen);
  const [searchParams, setSearchParams] = useSearchParams();
  const shownId = searchParams.get('id');
  const shown = shownId ? data?.find((id) => id._id === shownId) : undefined;
  const show = (id: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: !id },
    );
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
              <ListItem key={id._id} divider disablePadding>
                <ListItemButton selected={id._id === shownId} onClick={() => show(id._id)}>
                  <ListItemIcon>
                    <Badge />
                  </ListItemIcon>
                  <ListItemText
                    primary={govPhotoIdLabel(id)}
                    secondary={`Issued ${formatDate(id.issuingDate)} by ${id.issuingAuthority} · Expires ${formatDate(id.expirationDate)}`}
                    slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      {shown && <GovPhotoIdDialog govPhotoId={shown} onClose={() => show(null)} />}
      <AddGovIdDialog
        open={open}
        individualProfileId={individualProfileId}
        onClose={() => toggle(false)}
        onCreated={() => void refetch()}
      />
    </Card>
  );
}
